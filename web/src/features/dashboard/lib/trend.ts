import dayjs from 'dayjs';

import type { AlarmDayCount, NamedCount } from '@/types/api';

/** The alarm kinds of docs/device-protocol.md "Alarms", in the order the trend draws them. */
export const ALARM_KINDS = ['gas', 'offline', 'fault', 'lowBattery'] as const;

/** The trend's two spans: the last 7 or 30 local days, today included. */
export type TrendSpan = 7 | 30;

export interface TrendSeries {
  /** The days of the axis, oldest first, as YYYY-MM-DD. */
  days: string[];
  /** One series per kind (the known kinds always, any other kind the server counted after them). */
  series: { kind: string; data: number[] }[];
  /** Every alarm in the span. */
  total: number;
}

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/**
 * The calendar day of a trend entry. The server names a day by its local midnight in the server's time
 * zone; midday of that day falls on the same date in any browser within 12 hours of the server, so the
 * date is read there (a browser in the server's zone, the usual case, reads exactly its midnight's date).
 */
export function trendDay(day: number): string {
  return dayjs(day + HALF_DAY_MS).format('YYYY-MM-DD');
}

/**
 * The alarm trend of the last `span` days up to `now` (the answer's generatedAt): every day on the axis,
 * a day without alarms counting 0, entries outside the span left out.
 */
export function buildTrend(trend: readonly AlarmDayCount[] | null | undefined, span: TrendSpan, now: number): TrendSeries {
  const today = dayjs(now).startOf('day');
  const days: string[] = [];
  for (let i = span - 1; i >= 0; i -= 1) days.push(today.subtract(i, 'day').format('YYYY-MM-DD'));
  const index = new Map(days.map((d, i) => [d, i]));

  const kinds: string[] = [...ALARM_KINDS];
  for (const entry of trend ?? []) if (!kinds.includes(entry.kind)) kinds.push(entry.kind);
  const data = new Map(kinds.map((k) => [k, days.map(() => 0)]));

  let total = 0;
  for (const entry of trend ?? []) {
    const at = index.get(trendDay(entry.day));
    if (at === undefined) continue;
    data.get(entry.kind)![at] += entry.count;
    total += entry.count;
  }
  return { days, series: kinds.map((kind) => ({ kind, data: data.get(kind)! })), total };
}

/** Groups sorted by count, largest first, with everything past `limit` folded into one "other" group. */
export function topGroups(groups: readonly NamedCount[] | null | undefined, limit: number, otherName: string): NamedCount[] {
  const sorted = [...(groups ?? [])].filter((g) => g.count > 0).sort((a, b) => b.count - a.count);
  if (sorted.length <= limit) return sorted;
  const rest = sorted.slice(limit - 1).reduce((sum, g) => sum + g.count, 0);
  return [...sorted.slice(0, limit - 1), { key: 'other', name: otherName, count: rest }];
}
