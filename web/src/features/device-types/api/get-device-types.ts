import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated } from '@/types/api';

import type { DeviceType, DeviceTypeListQuery } from '../types';

/** GET /api/deviceClassify: one page of the platform's device type catalogue. */
export function getDeviceTypes(query: DeviceTypeListQuery): Promise<Paginated<DeviceType>> {
  return request<Paginated<DeviceType>>({ url: '/deviceClassify', method: 'GET', params: query });
}

export function deviceTypesQueryOptions(query: DeviceTypeListQuery) {
  return queryOptions({
    queryKey: queryKeys.deviceType.list(query),
    queryFn: () => getDeviceTypes(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceTypes(query: DeviceTypeListQuery) {
  return useQuery(deviceTypesQueryOptions(query));
}
