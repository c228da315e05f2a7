import { describe, expect, it } from 'vitest';

import { alarmDuration, formatDuration, relativeTime } from './duration';

const units = { day: 'd', hour: 'h', minute: 'min', second: 's' };
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatDuration', () => {
  it('shows the two largest units that are not zero', () => {
    expect(formatDuration(2 * D + 3 * H + 4 * M, units)).toBe('2 d 3 h');
    expect(formatDuration(5 * M + 7 * S + 300, units)).toBe('5 min 7 s');
    expect(formatDuration(H + 30 * S, units)).toBe('1 h');
    expect(formatDuration(12 * S, units)).toBe('12 s');
    expect(formatDuration(400, units)).toBe('0 s');
  });

  it('joins without a space for Chinese units', () => {
    expect(formatDuration(H + 5 * M, { day: '天', hour: '小时', minute: '分钟', second: '秒' }, '')).toBe('1小时 5分钟');
  });

  it('is empty for missing or negative values', () => {
    expect(formatDuration(null, units)).toBe('');
    expect(formatDuration(-1, units)).toBe('');
    expect(formatDuration(Number.NaN, units)).toBe('');
  });
});

describe('alarmDuration', () => {
  it("takes the server's duration of an ended alarm", () => {
    expect(alarmDuration({ startedAt: 1000, endedAt: 5000, durationMs: 4000 }, 99_000)).toBe(4000);
  });

  it('counts an open alarm up to now', () => {
    expect(alarmDuration({ startedAt: 1000, endedAt: null, durationMs: null }, 61_000)).toBe(60_000);
  });
});

describe('relativeTime', () => {
  const now = 10 * D;
  it('picks the largest whole unit', () => {
    expect(relativeTime(now - 3 * S, now)).toEqual({ key: 'justNow', count: 0 });
    expect(relativeTime(now - 42 * S, now)).toEqual({ key: 'secondsAgo', count: 42 });
    expect(relativeTime(now - 5 * M - 10 * S, now)).toEqual({ key: 'minutesAgo', count: 5 });
    expect(relativeTime(now - 3 * H, now)).toEqual({ key: 'hoursAgo', count: 3 });
    expect(relativeTime(now - 2 * D - H, now)).toEqual({ key: 'daysAgo', count: 2 });
  });

  it('treats a time a little ahead of the clock as just now', () => {
    expect(relativeTime(now + 5 * S, now)).toEqual({ key: 'justNow', count: 0 });
  });
});
