import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import type { Page, Reading } from '../types';

import { deviceDetailKeys } from './keys';

export interface ReadingsQuery {
  deviceId: number;
  page: number;
  pageSize: number;
  /** ['$gte:<ms>', '$lte:<ms>'] or undefined. */
  ts?: string[];
}

/** GET /api/deviceDataLog: the device's readings, newest first. */
export function getReadings(query: ReadingsQuery): Promise<Page<Reading>> {
  return request<Page<Reading>>({ url: '/deviceDataLog', method: 'GET', params: { ...query, sort: '-ts' } });
}

export function readingsQueryOptions(query: ReadingsQuery) {
  return queryOptions({
    queryKey: deviceDetailKeys.readings(query.deviceId, query),
    queryFn: () => getReadings(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useReadings(query: ReadingsQuery) {
  return useQuery(readingsQueryOptions(query));
}
