import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { PermissionNode } from '@/types/api';

/** GET /api/permission: the whole tree of codes (menus with their buttons). */
export function getPermissions(): Promise<PermissionNode[]> {
  return request<PermissionNode[]>({ url: '/permission', method: 'GET' });
}

export function permissionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.permission.one('tree'), queryFn: getPermissions, staleTime: 5 * 60_000 });
}

export function usePermissions(enabled = true) {
  return useQuery({ ...permissionsQueryOptions(), enabled });
}
