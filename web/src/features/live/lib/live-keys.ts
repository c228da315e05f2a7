import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/**
 * The react-query caches that show live data (lib/query-keys.ts): the home figures, the device lists, the
 * alarm lists (the Alarm Center's, its tab counts, the bell's), and everything of each device the events
 * name (its detail page: state, readings, chart, alarms, commands).
 * Not the whole 'device' entity: the devices' choices in forms do not change with an alarm.
 */
export function liveQueryKeys(deviceIds: Iterable<number>): QueryKey[] {
  const keys: QueryKey[] = [queryKeys.home.all(), queryKeys.device.lists(), queryKeys.alarm.lists()];
  for (const id of new Set(deviceIds)) keys.push(queryKeys.device.detail(id));
  return keys;
}

/** Marks those caches stale; the ones on screen are read again at once. */
export async function invalidateLiveQueries(queryClient: QueryClient, deviceIds: Iterable<number>): Promise<void> {
  await invalidateKeys(queryClient, ...liveQueryKeys(deviceIds));
}
