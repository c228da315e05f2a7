import { describe, expect, it } from 'vitest';

import type { DeviceParams } from '@/types/api';

import { compareParams, differs, formatParamValue, pendingCount } from './params';

const base: DeviceParams = { alertLow: 20, alertHigh: 50, reportInterval: 5, heartbeatInterval: 60, custom: {}, dataFlag: 0 };

describe('compareParams', () => {
  it('marks nothing pending when the device confirmed every wanted value', () => {
    const rows = compareParams(base, { ...base });
    expect(rows.map((r) => r.key)).toEqual(['alertLow', 'alertHigh', 'reportInterval', 'heartbeatInterval', 'dataFlag']);
    expect(pendingCount(rows)).toBe(0);
  });

  it('marks each parameter whose wanted value differs from the confirmed one', () => {
    const rows = compareParams({ ...base, alertLow: 15.5, reportInterval: 10 }, base);
    expect(rows.filter((r) => r.pending).map((r) => [r.key, r.wanted, r.confirmed])).toEqual([
      ['alertLow', 15.5, 20],
      ['reportInterval', 10, 5],
    ]);
    expect(pendingCount(rows)).toBe(2);
  });

  it('lists custom parameters of either side, known ones in protocol order, and a missing side as pending', () => {
    const rows = compareParams(
      { ...base, custom: { zeroOffset: 0.5, buzzer: 1, vendorX: 3 } },
      { ...base, custom: { buzzer: 1, alarmDelaySeconds: 10, zeroOffset: 0.5 } },
    );
    const custom = rows.filter((r) => r.custom);
    expect(custom.map((r) => r.key)).toEqual(['alarmDelaySeconds', 'zeroOffset', 'buzzer', 'vendorX']);
    expect(custom.map((r) => r.pending)).toEqual([true, false, false, true]);
    expect(custom[0]).toMatchObject({ wanted: null, confirmed: 10 });
  });

  it('ignores floating point noise', () => {
    expect(differs(0.1 + 0.2, 0.3)).toBe(false);
    expect(differs(20, 20.1)).toBe(true);
    expect(differs(null, null)).toBe(false);
    expect(differs(null, 0)).toBe(true);
  });
});

describe('formatParamValue', () => {
  it('shows thresholds and the zero offset with one decimal, the battery threshold in volts', () => {
    expect(formatParamValue('alertLow', 20)).toBe('20.0');
    expect(formatParamValue('alertHigh', 60.5)).toBe('60.5');
    expect(formatParamValue('zeroOffset', -1)).toBe('-1.0');
    expect(formatParamValue('lowBatteryVoltage', 340)).toBe('3.40');
    expect(formatParamValue('reportInterval', 5)).toBe('5');
    expect(formatParamValue('reportInterval', null)).toBe('');
  });
});
