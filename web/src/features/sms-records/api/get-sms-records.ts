import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated } from '@/types/api';

import type { SmsRecord, SmsRecordListQuery } from '../types';

/** GET /api/smsSendLog: one page of the messages the signed-in user may see (a company user: its own). */
export function getSmsRecords(query: SmsRecordListQuery): Promise<Paginated<SmsRecord>> {
  return request<Paginated<SmsRecord>>({ url: '/smsSendLog', method: 'GET', params: query });
}

export function smsRecordsQueryOptions(query: SmsRecordListQuery) {
  return queryOptions({
    queryKey: queryKeys.smsRecord.list(query),
    queryFn: () => getSmsRecords(query),
    placeholderData: keepPreviousData,
  });
}

export function useSmsRecords(query: SmsRecordListQuery) {
  return useQuery(smsRecordsQueryOptions(query));
}
