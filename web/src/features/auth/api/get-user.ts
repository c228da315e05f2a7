import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { UserInfo } from '@/types/api';

/** GET /api/user: the signed-in user (any code other than 0 rejects, see lib/request.ts). */
export function getUser(): Promise<UserInfo> {
  return request<UserInfo>({ url: '/user', method: 'GET' });
}

export function userQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: queryKeys.session.one('user', token),
    queryFn: getUser,
    staleTime: Infinity,
  });
}

export function useUser(token: string | null) {
  return useQuery({ ...userQueryOptions(token), enabled: Boolean(token) });
}
