import type { QueryClient } from '@tanstack/react-query';

/** What a notification user change makes stale: the lists. */
export async function invalidateSmsUsers(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['smsUsers'] });
}
