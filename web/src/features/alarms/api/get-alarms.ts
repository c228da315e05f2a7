import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated } from '@/types/api';

import type { Alarm, AlarmListQuery } from '../types';

/** GET /api/alarmLog (AlarmManagement): one page of the alarms the signed-in user may see. */
export function getAlarms(query: AlarmListQuery): Promise<Paginated<Alarm>> {
  return request<Paginated<Alarm>>({ url: '/alarmLog', method: 'GET', params: query });
}

/** How often the list is read again while shown (the live feed refreshes it at once on an alarm event). */
export const ALARM_POLL_MS = 30_000;

export function alarmsQueryOptions(query: AlarmListQuery) {
  return queryOptions({
    queryKey: queryKeys.alarm.list(query),
    queryFn: () => getAlarms(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: ALARM_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useAlarms(query: AlarmListQuery) {
  return useQuery(alarmsQueryOptions(query));
}
