import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated, PermissionCode, Role } from '@/types/api';

/** GET /api/role needs this menu code; without it the console does not ask (a 403 ends the session). */
export const ROLE_LIST_CODE: PermissionCode = 'RoleManagement';

/** The most roles a select offers: the API's page-size cap. */
export const ROLE_OPTIONS_LIMIT = 100;

/**
 * GET /api/role?pageSize=100 (&companyId=X): the roles a select offers. Without a company, a
 * platform user gets every role it may see (platform and company roles), a company user its own.
 */
export async function getRoleOptions(companyId: number | undefined): Promise<Role[]> {
  const page = await request<Paginated<Role>>({
    url: '/role',
    method: 'GET',
    params: { pageSize: ROLE_OPTIONS_LIMIT, sort: 'name', companyId },
  });
  return page.list;
}

export function roleOptionsQueryOptions(companyId: number | undefined) {
  // Under the 'role' entity (lib/query-keys.ts): a change in Role Management makes these stale too.
  return queryOptions({
    queryKey: queryKeys.role.options(companyId ?? 'all'),
    queryFn: () => getRoleOptions(companyId),
    staleTime: 30_000,
  });
}

export function useRoleOptions(companyId: number | undefined, enabled = true) {
  return useQuery({ ...roleOptionsQueryOptions(companyId), enabled });
}
