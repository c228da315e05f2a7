import { describe, expect, it } from 'vitest';

import { formatAlarmValue } from './alarm-format';

describe('formatAlarmValue', () => {
  it('shows gas in %LEL (1 decimal, capped) and a low battery in volts', () => {
    expect(formatAlarmValue('gas', 62)).toBe('62.0 %LEL');
    expect(formatAlarmValue('gas', 130)).toBe('100.0 %LEL');
    expect(formatAlarmValue('lowBattery', 331)).toBe('3.31 V');
  });

  it('shows nothing for kinds without a value', () => {
    expect(formatAlarmValue('fault', 0)).toBe('');
    expect(formatAlarmValue('offline', 0)).toBe('');
    expect(formatAlarmValue('gas', null)).toBe('');
  });
});
