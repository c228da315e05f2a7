import { formatDuration, formatDurationWords, HOUR, MINUTE, SECOND } from './duration';

describe('formatDurationWords', () => {
  it('says a throttle window in the reader\'s words, plurals included', () => {
    expect(formatDurationWords(10 * MINUTE, 'en')).toBe('10 minutes');
    expect(formatDurationWords(1 * MINUTE, 'en')).toBe('1 minute');
    expect(formatDurationWords(HOUR + 30 * MINUTE, 'en')).toBe('1 hour 30 minutes');
    expect(formatDurationWords(10 * MINUTE, 'zh-CN')).toBe('10分钟');
    expect(formatDurationWords(2 * HOUR, 'zh-CN')).toBe('2小时');
    expect(formatDurationWords(45 * SECOND, 'zh-CN')).toBe('45秒钟');
  });

  it('has no words for no duration', () => {
    expect(formatDurationWords(undefined, 'en')).toBe('');
    expect(formatDurationWords(-1, 'en')).toBe('');
  });
});

describe('formatDuration', () => {
  it('keeps the short units of the tables', () => {
    expect(formatDuration(5 * MINUTE + 7 * SECOND, { day: 'd', hour: 'h', minute: 'min', second: 's' })).toBe('5 min 7 s');
  });
});
