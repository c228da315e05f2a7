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

const DAY_MS = 24 * 60 * 60 * 1000;
const HALF_DAY_MS = DAY_MS / 2;

/** A YYYY-MM-DD date as the epoch ms of its midnight in UTC (a date's name, not an instant), or NaN. */
function dateNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
}

/** The YYYY-MM-DD name of a dateNumber. */
function dateName(n: number): string {
  return new Date(n).toISOString().slice(0, 10);
}

/**
 * The calendar day of a trend entry. The server names a day by its local midnight in the server's time
 * zone (UTC+offset); midday UTC of that midnight falls on the same date for any server within 12 hours of
 * UTC, whatever the browser's time zone, so the date is read there in UTC.
 */
export function trendDay(day: number): string {
  return dateName(day + HALF_DAY_MS);
}

/**
 * The server's today (the answer's `today`, YYYY-MM-DD) when it sent one, else the browser's date of
 * `now` (an older server without the field).
 */
export function trendToday(today: string | null | undefined, now: number): string {
  return today && !Number.isNaN(dateNumber(today)) ? today : dayjs(now).format('YYYY-MM-DD');
}

/**
 * The alarm trend of the last `span` days up to the server's `today` (YYYY-MM-DD): every day on the axis,
 * a day without alarms counting 0, entries outside the span left out. The axis is counted back from
 * the server's date, never the browser's clock, so every browser shows the server's days.
 */
export function buildTrend(trend: readonly AlarmDayCount[] | null | undefined, span: TrendSpan, today: string): TrendSeries {
  const last = dateNumber(today);
  const days: string[] = [];
  if (!Number.isNaN(last)) for (let i = span - 1; i >= 0; i -= 1) days.push(dateName(last - i * DAY_MS));
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
