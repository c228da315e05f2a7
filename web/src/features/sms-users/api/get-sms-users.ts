import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated } from '@/types/api';

import type { SmsUser, SmsUserListQuery } from '../types';

/** GET /api/smsUser: one page of the notification users the signed-in user may see (a company user: its own). */
export function getSmsUsers(query: SmsUserListQuery): Promise<Paginated<SmsUser>> {
  return request<Paginated<SmsUser>>({ url: '/smsUser', method: 'GET', params: query });
}

export function smsUsersQueryOptions(query: SmsUserListQuery) {
  return queryOptions({
    queryKey: queryKeys.smsUser.list(query),
    queryFn: () => getSmsUsers(query),
    placeholderData: keepPreviousData,
  });
}

export function useSmsUsers(query: SmsUserListQuery) {
  return useQuery(smsUsersQueryOptions(query));
}
