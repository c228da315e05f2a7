import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { ManagedUser, Paginated, UserListQuery } from '@/types/api';

/** GET /api/users: one page of the users the signed-in user may see (a company user: its company's). */
export function getUsers(query: UserListQuery): Promise<Paginated<ManagedUser>> {
  return request<Paginated<ManagedUser>>({ url: '/users', method: 'GET', params: query });
}

export function usersQueryOptions(query: UserListQuery) {
  return queryOptions({
    queryKey: queryKeys.user.list(query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}
