import { describe, expect, it } from 'vitest';

import type { DeviceParams } from '@/types/api';

import { alarmPeriods, axisMax, thresholdLines, toChartSeries } from './chart-series';

const MIN = 60_000;

describe('toChartSeries', () => {
  it('gives min, avg and max lines oldest first, whatever order the buckets come in', () => {
    const series = toChartSeries({
      bucketMs: MIN,
      from: 0,
      to: 3 * MIN,
      points: [
        { ts: MIN, min: 2, avg: 3, max: 4, count: 2 },
        { ts: 0, min: 1, avg: 1.5, max: 2, count: 3 },
      ],
    });
    expect(series.min).toEqual([
      [0, 1],
      [MIN, 2],
    ]);
    expect(series.avg).toEqual([
      [0, 1.5],
      [MIN, 3],
    ]);
    expect(series.max).toEqual([
      [0, 2],
      [MIN, 4],
    ]);
  });

  it('breaks the lines where buckets without readings are missing', () => {
    const series = toChartSeries({
      bucketMs: MIN,
      from: 0,
      to: 10 * MIN,
      points: [
        { ts: 0, min: 1, avg: 1, max: 1, count: 1 },
        { ts: MIN, min: 1, avg: 1, max: 1, count: 1 },
        { ts: 5 * MIN, min: 3, avg: 3, max: 3, count: 1 },
      ],
    });
    expect(series.avg).toEqual([
      [0, 1],
      [MIN, 1],
      [2 * MIN, null],
      [5 * MIN, 3],
    ]);
    expect(series.min.map(([, v]) => v)).toEqual([1, 1, null, 3]);
    expect(series.max.map(([, v]) => v)).toEqual([1, 1, null, 3]);
  });

  it('caps methane at 100 as the display rule says, and is empty without a statistic', () => {
    const series = toChartSeries({ bucketMs: MIN, from: 0, to: MIN, points: [{ ts: 0, min: 99.5, avg: 100.4, max: 120, count: 4 }] });
    expect(series.max).toEqual([[0, 100]]);
    expect(series.avg).toEqual([[0, 100]]);
    expect(series.min).toEqual([[0, 99.5]]);
    expect(toChartSeries(undefined)).toEqual({ min: [], avg: [], max: [] });
  });
});

describe('thresholdLines and axisMax', () => {
  const params: DeviceParams = { alertLow: 20, alertHigh: 50, reportInterval: 5, heartbeatInterval: 60, custom: {}, dataFlag: 0 };

  it('draws the confirmed low and high thresholds', () => {
    expect(thresholdLines(params)).toEqual([
      { level: 'low', value: 20 },
      { level: 'high', value: 50 },
    ]);
    expect(thresholdLines(undefined)).toEqual([]);
  });

  it('keeps the thresholds and the data on the axis, never above 100', () => {
    const low = toChartSeries({ bucketMs: MIN, from: 0, to: MIN, points: [{ ts: 0, min: 1, avg: 2, max: 3, count: 1 }] });
    expect(axisMax(low, thresholdLines(params))).toBe(60);
    const high = toChartSeries({ bucketMs: MIN, from: 0, to: MIN, points: [{ ts: 0, min: 1, avg: 80, max: 97, count: 1 }] });
    expect(axisMax(high, thresholdLines(params))).toBe(100);
  });
});

describe('alarmPeriods', () => {
  const HOUR = 60 * MIN;
  const gas = { kind: 'gas' as const, endedAt: null };

  it('clips gas alarms to the range, runs an active one to its end, and leaves out the other kinds', () => {
    const periods = alarmPeriods(
      [
        { ...gas, id: 3, level: 'high', startedAt: 5 * HOUR, endedAt: null },
        { ...gas, id: 1, level: 'low', startedAt: 0, endedAt: 2 * HOUR },
        { ...gas, id: 2, kind: 'fault', level: '', startedAt: 3 * HOUR, endedAt: 4 * HOUR },
      ],
      HOUR,
      6 * HOUR,
    );
    expect(periods).toEqual([
      { id: 1, level: 'low', from: HOUR, to: 2 * HOUR },
      { id: 3, level: 'high', from: 5 * HOUR, to: 6 * HOUR },
    ]);
  });

  it('drops alarms wholly before or after the range', () => {
    expect(
      alarmPeriods(
        [
          { ...gas, id: 1, level: 'low', startedAt: 0, endedAt: HOUR - 1 },
          { ...gas, id: 2, level: 'high', startedAt: 7 * HOUR, endedAt: null },
        ],
        HOUR,
        6 * HOUR,
      ),
    ).toEqual([]);
  });
});
