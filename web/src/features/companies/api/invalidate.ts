import type { QueryClient } from '@tanstack/react-query';

/**
 * What a company change makes stale: the company lists, the company selects, and (create, delete,
 * rename) the users and roles lists that show company names.
 */
export async function invalidateCompanyData(queryClient: QueryClient, withUsers = false): Promise<void> {
  const keys = withUsers ? [['companies'], ['companyRefs'], ['users'], ['roles']] : [['companies'], ['companyRefs']];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
