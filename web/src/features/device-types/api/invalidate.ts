import type { QueryClient } from '@tanstack/react-query';

/** What a device type change makes stale: the type lists (also the device forms' type choices). */
export async function invalidateDeviceTypes(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['deviceTypes'] });
}
