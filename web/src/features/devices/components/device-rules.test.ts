import { describe, expect, it } from 'vitest';

import { makeDeviceParams } from '@/testing/fixtures';

import {
  customParamOk,
  CUSTOM_PARAMS,
  filledCustomParams,
  formatThresholds,
  imeiCheckDigit,
  imeiProblem,
  intervalProblems,
  isValidIccid,
  isValidImei,
  pendingGroups,
  thresholdProblems,
  toThreshold,
} from '@/shared/devices/lib/device-rules';

import { LIVE_REFRESH_MS, liveMethane, liveVoltage, relativeTime, secretsCsv } from './device-rules';

const params = makeDeviceParams;

describe('IMEI', () => {
  it('accepts the GSM documentation example and refuses a wrong check digit', () => {
    expect(isValidImei('490154203237518')).toBe(true);
    expect(imeiCheckDigit('49015420323751')).toBe('8');
    expect(isValidImei('490154203237517')).toBe(false);
    expect(imeiProblem('490154203237517')).toBe('check');
  });

  it('needs exactly 15 digits', () => {
    expect(imeiProblem('49015420323751')).toBe('format');
    expect(imeiProblem('4901542032375180')).toBe('format');
    expect(imeiProblem('49015420323751a')).toBe('format');
    expect(imeiProblem('490154203237518')).toBeNull();
  });

  it('the check digit makes any 14 digits valid', () => {
    for (const body of ['35693803564380', '00000000000000', '99999999999999']) {
      expect(isValidImei(body + imeiCheckDigit(body))).toBe(true);
    }
  });
});

describe('ICCID', () => {
  it('is 19 or 20 digits or capital letters', () => {
    expect(isValidIccid('89860412345678901234')).toBe(true);
    expect(isValidIccid('8986041234567890123')).toBe(true);
    expect(isValidIccid('898604123456789012')).toBe(false);
    expect(isValidIccid('8986041234567890123x')).toBe(false);
  });
});

describe('thresholds', () => {
  it('are sent with their one decimal', () => {
    expect(toThreshold(12.34)).toBe(12.3);
    expect(toThreshold(0.1 + 0.2)).toBe(0.3);
    expect(toThreshold(20)).toBe(20);
  });

  it('0 < low < high <= 100, one decimal', () => {
    expect(thresholdProblems(20, 50)).toEqual([]);
    expect(thresholdProblems(0.1, 100)).toEqual([]);
    expect(thresholdProblems(0, 50)).toEqual(['low']);
    expect(thresholdProblems(20, 100.1)).toEqual(['high']);
    expect(thresholdProblems(50, 50)).toEqual(['order']);
    expect(thresholdProblems(60, 50)).toEqual(['order']);
    expect(thresholdProblems(12.25, 50)).toEqual(['low']);
    expect(thresholdProblems(100, undefined)).toEqual(['low']);
  });
});

describe('intervals', () => {
  it('whole minutes 1 to 1440, heartbeat not shorter than reports', () => {
    expect(intervalProblems(5, 60)).toEqual([]);
    expect(intervalProblems(1, 1)).toEqual([]);
    expect(intervalProblems(0, 60)).toEqual(['report']);
    expect(intervalProblems(5, 1441)).toEqual(['heartbeat']);
    expect(intervalProblems(1.5, 60)).toEqual(['report']);
    expect(intervalProblems(60, 5)).toEqual(['order']);
  });
});

describe('custom parameters', () => {
  const spec = (name: string) => CUSTOM_PARAMS.find((p) => p.name === name)!;
  it('follow the bounds and resolution of the protocol', () => {
    expect(customParamOk(spec('zeroOffset'), -5)).toBe(true);
    expect(customParamOk(spec('zeroOffset'), 1.5)).toBe(true);
    expect(customParamOk(spec('zeroOffset'), 5.1)).toBe(false);
    expect(customParamOk(spec('buzzer'), 0.5)).toBe(false);
    expect(customParamOk(spec('lowBatteryVoltage'), 299)).toBe(false);
    expect(customParamOk(spec('lowBatteryVoltage'), 340)).toBe(true);
  });

  it('only the filled ones are sent', () => {
    expect(filledCustomParams({ buzzer: 1, led: null, zeroOffset: 0.30000000000000004, other: 3 })).toEqual({ buzzer: 1, zeroOffset: 0.3 });
  });
});

describe('pending parameters', () => {
  it('none while the device confirmed what was wanted', () => {
    expect(pendingGroups({ wanted: params({ custom: { buzzer: 1 } }), confirmed: params({ custom: { buzzer: 1 } }) })).toEqual([]);
  });

  it('each group that differs', () => {
    expect(pendingGroups({ wanted: params({ alertLow: 15 }), confirmed: params() })).toEqual(['alert']);
    expect(pendingGroups({ wanted: params({ heartbeatInterval: 30 }), confirmed: params() })).toEqual(['interval']);
    expect(pendingGroups({ wanted: params({ custom: { led: 0 } }), confirmed: params() })).toEqual(['custom']);
    expect(pendingGroups({ wanted: params({ dataFlag: 1, alertHigh: 60 }), confirmed: params() })).toEqual(['alert', 'dataFlag']);
  });

  it('thresholds shown with one decimal', () => {
    expect(formatThresholds(20, 50.5)).toBe('20.0 / 50.5');
  });
});

describe('live values', () => {
  it('methane: one decimal, capped at 100.0, dash when unknown', () => {
    expect(liveMethane(12.345)).toBe('12.3');
    expect(liveMethane(0)).toBe('0.0');
    expect(liveMethane(120)).toBe('100.0');
    expect(liveMethane(null)).toBe('—');
  });

  it('voltage: raw / 100 with two decimals', () => {
    expect(liveVoltage(362)).toBe('3.62 V');
    expect(liveVoltage(400)).toBe('4.00 V');
    expect(liveVoltage(null)).toBe('—');
  });

  it('last seen as the largest whole unit', () => {
    const now = 1_800_000_000_000;
    expect(relativeTime(now - 30_000, now)).toEqual({ unit: 'justNow', count: 0 });
    expect(relativeTime(now + 5_000, now)).toEqual({ unit: 'justNow', count: 0 });
    expect(relativeTime(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', count: 5 });
    expect(relativeTime(now - 3 * 3_600_000 - 59_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime(now - 2 * 86_400_000, now)).toEqual({ unit: 'days', count: 2 });
  });

  it('refreshes every 15 seconds', () => {
    expect(LIVE_REFRESH_MS).toBe(15_000);
  });
});

describe('secrets CSV', () => {
  it('one line per device, quoted where needed, never a formula', () => {
    const csv = secretsCsv([
      { imei: '490154203237518', secret: 'abc' },
      { imei: '356938035643809', secret: '=cmd,"x"' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['IMEI,secret', '490154203237518,abc', `356938035643809,"'=cmd,""x"""`, '']);
  });
});
