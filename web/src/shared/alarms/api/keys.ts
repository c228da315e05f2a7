import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { invalidateKeys, queryKeys } from '@/lib/query-keys';

/**
 * What an acknowledgement or a handling makes stale (lib/query-keys.ts), wherever it was done: every alarm
 * list (the Alarm Center, its tab counts, the top bar's bell), the alarms of each device concerned (its
 * detail page, under device.detail(id, 'alarms')) and the home figures (unhandled alarms, latest alarms).
 */
export async function invalidateAlarmChange(queryClient: QueryClient, deviceIds: Iterable<number>): Promise<void> {
  const keys: QueryKey[] = [queryKeys.alarm.all(), queryKeys.home.all()];
  for (const id of new Set(deviceIds)) keys.push(queryKeys.device.detail(id, 'alarms'));
  await invalidateKeys(queryClient, ...keys);
}
