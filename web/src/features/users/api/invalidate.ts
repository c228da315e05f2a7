import type { QueryClient } from '@tanstack/react-query';

/** What a user change makes stale: the user lists, and the roles' user counts. */
export async function invalidateUserData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['users'] }),
    queryClient.invalidateQueries({ queryKey: ['roles'] }),
  ]);
}
