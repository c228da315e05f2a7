import type { QueryClient } from '@tanstack/react-query';

/** What a device change makes stale: the device lists (and a detail view of the device). */
export async function invalidateDeviceData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['devices'] }),
    queryClient.invalidateQueries({ queryKey: ['device'] }),
  ]);
}
