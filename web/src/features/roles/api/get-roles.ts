import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated, Role, RoleListQuery } from '@/types/api';

/** GET /api/role: one page of roles. */
export function getRoles(query: RoleListQuery): Promise<Paginated<Role>> {
  return request<Paginated<Role>>({ url: '/role', method: 'GET', params: query });
}

export function rolesQueryOptions(query: RoleListQuery) {
  return queryOptions({
    queryKey: queryKeys.role.list(query),
    queryFn: () => getRoles(query),
    placeholderData: keepPreviousData,
  });
}

export function useRoles(query: RoleListQuery) {
  return useQuery(rolesQueryOptions(query));
}
