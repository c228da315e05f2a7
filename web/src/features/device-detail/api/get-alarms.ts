import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import type { AlarmRecord, Page } from '../types';

import { deviceDetailKeys } from './keys';

export interface AlarmsQuery {
  deviceId: number;
  page: number;
  pageSize: number;
}

/** GET /api/alarmLog?deviceId=..: the device's alarms, newest first. */
export function getAlarms(query: AlarmsQuery): Promise<Page<AlarmRecord>> {
  return request<Page<AlarmRecord>>({ url: '/alarmLog', method: 'GET', params: { ...query, sort: '-startedAt' } });
}

export function alarmsQueryOptions(query: AlarmsQuery) {
  return queryOptions({
    queryKey: deviceDetailKeys.alarms(query.deviceId, query),
    queryFn: () => getAlarms(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAlarms(query: AlarmsQuery) {
  return useQuery(alarmsQueryOptions(query));
}
