import type { AlarmRecord } from '../types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The unit words of a duration, in the page's language. */
export interface DurationUnits {
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * A duration as its two largest non-zero units ("2 d 3 h", "5 min 7 s", "12 s"); under a second
 * it is "0 s". Negative or missing values give ''.
 */
export function formatDuration(ms: number | null | undefined, units: DurationUnits, separator = ' '): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const parts: [number, string][] = [
    [Math.floor(ms / DAY), units.day],
    [Math.floor((ms % DAY) / HOUR), units.hour],
    [Math.floor((ms % HOUR) / MINUTE), units.minute],
    [Math.floor((ms % MINUTE) / SECOND), units.second],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return `0${separator}${units.second}`;
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n}${separator}${unit}`)
    .join(' ');
}

/** How long an alarm lasted, or has lasted until `now` while it is still open. */
export function alarmDuration(alarm: Pick<AlarmRecord, 'startedAt' | 'endedAt' | 'durationMs'>, now: number): number {
  if (alarm.durationMs !== null && alarm.durationMs !== undefined) return alarm.durationMs;
  return Math.max(0, (alarm.endedAt ?? now) - alarm.startedAt);
}

export type RelativeKey = 'justNow' | 'secondsAgo' | 'minutesAgo' | 'hoursAgo' | 'daysAgo';

/** "How long ago" as a translation key and its count: under 10 s is just now. */
export function relativeTime(ts: number, now: number): { key: RelativeKey; count: number } {
  const ago = Math.max(0, now - ts);
  if (ago < 10 * SECOND) return { key: 'justNow', count: 0 };
  if (ago < MINUTE) return { key: 'secondsAgo', count: Math.floor(ago / SECOND) };
  if (ago < HOUR) return { key: 'minutesAgo', count: Math.floor(ago / MINUTE) };
  if (ago < DAY) return { key: 'hoursAgo', count: Math.floor(ago / HOUR) };
  return { key: 'daysAgo', count: Math.floor(ago / DAY) };
}
