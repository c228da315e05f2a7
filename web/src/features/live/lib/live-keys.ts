import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The react-query caches that show live data, by key prefix. Features do not import each other, so
 * these are the other features' literal prefixes (a test checks them against those features' keys):
 * - ['home']: the home statistic (features/dashboard, homeKeys.all)
 * - ['devices']: the device list (features/devices, devicesQueryOptions: ['devices', query])
 * - ['device']: a single device in the device list feature (its own invalidation uses this prefix)
 * - ['device-detail', id]: everything of one device's detail page (features/device-detail, deviceDetailKeys.all(id))
 */
export function liveQueryKeys(deviceIds: Iterable<number>): QueryKey[] {
  const keys: QueryKey[] = [['home'], ['devices'], ['device']];
  for (const id of new Set(deviceIds)) keys.push(['device-detail', id]);
  return keys;
}

/** Marks those caches stale; the ones on screen are read again at once. */
export async function invalidateLiveQueries(queryClient: QueryClient, deviceIds: Iterable<number>): Promise<void> {
  await Promise.all(liveQueryKeys(deviceIds).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
