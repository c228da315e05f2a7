import { DAY, HOUR, MINUTE, SECOND } from '@/lib/duration';

import type { AlarmRecord } from '../types';

export { formatDuration, type DurationUnits } from '@/lib/duration';

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
