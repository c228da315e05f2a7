import type { DeviceParams } from '@/types/api';
import type { AlarmRecord, ReadingStatistic } from '../types';

/** One point of a line: [time, value]; a null value breaks the line. */
export type SeriesPoint = [number, number | null];

export interface ChartSeries {
  min: SeriesPoint[];
  avg: SeriesPoint[];
  max: SeriesPoint[];
}

/** Methane as shown (docs/product.md §9): capped at 100.0, kept to 2 decimals for the plot. */
function plotValue(value: number): number {
  return Math.round(Math.min(value, 100) * 100) / 100;
}

/**
 * The statistic's buckets as three lines (min, avg, max), oldest first. Buckets without readings are
 * missing from the answer; where the next bucket is more than one bucket away a null point is put in,
 * so the lines break over the gap instead of drawing a slope through time without data.
 */
export function toChartSeries(stat: ReadingStatistic | undefined): ChartSeries {
  const series: ChartSeries = { min: [], avg: [], max: [] };
  if (!stat) return series;
  const points = [...stat.points].sort((a, b) => a.ts - b.ts);
  const bucket = stat.bucketMs > 0 ? stat.bucketMs : 0;
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev && bucket > 0 && p.ts - prev.ts > bucket) {
      const gap = prev.ts + bucket;
      series.min.push([gap, null]);
      series.avg.push([gap, null]);
      series.max.push([gap, null]);
    }
    series.min.push([p.ts, plotValue(p.min)]);
    series.avg.push([p.ts, plotValue(p.avg)]);
    series.max.push([p.ts, plotValue(p.max)]);
  });
  return series;
}

export interface ThresholdLine {
  level: 'low' | 'high';
  value: number;
}

/** The alarm thresholds the device works with (its confirmed ones) as horizontal lines. */
export function thresholdLines(confirmed: DeviceParams | undefined): ThresholdLine[] {
  if (!confirmed) return [];
  const lines: ThresholdLine[] = [];
  if (Number.isFinite(confirmed.alertLow) && confirmed.alertLow > 0) lines.push({ level: 'low', value: confirmed.alertLow });
  if (Number.isFinite(confirmed.alertHigh) && confirmed.alertHigh > 0) lines.push({ level: 'high', value: confirmed.alertHigh });
  return lines;
}

/** The highest value the y axis must show: the data and the thresholds, never above 100. */
export function axisMax(series: ChartSeries, lines: ThresholdLine[]): number {
  let top = 0;
  for (const [, v] of series.max) if (v !== null && v > top) top = v;
  for (const l of lines) if (l.value > top) top = l.value;
  return Math.min(100, Math.max(10, Math.ceil((top * 1.1) / 10) * 10));
}

/** A gas alarm's time on the chart: from its start to its end (or the range's end while it lasts). */
export interface AlarmPeriod {
  id: number;
  level: 'low' | 'high';
  from: number;
  to: number;
}

/**
 * The device's gas alarms that overlap from..to, clipped to it, oldest first. An alarm still active
 * runs to the range's end; other kinds (fault, low battery, offline) are not methane and are left out.
 */
export function alarmPeriods(
  alarms: readonly Pick<AlarmRecord, 'id' | 'kind' | 'level' | 'startedAt' | 'endedAt'>[],
  from: number,
  to: number,
): AlarmPeriod[] {
  const out: AlarmPeriod[] = [];
  for (const a of alarms) {
    if (a.kind !== 'gas') continue;
    const end = a.endedAt ?? to;
    if (a.startedAt > to || end < from) continue;
    out.push({ id: a.id, level: a.level === 'high' ? 'high' : 'low', from: Math.max(a.startedAt, from), to: Math.min(end, to) });
  }
  return out.sort((x, y) => x.from - y.from);
}
