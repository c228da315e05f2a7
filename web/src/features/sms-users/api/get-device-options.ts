import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';

import type { DeviceOption } from '../types';

export interface DeviceOptionsQuery {
  companyId?: number;
  /** Part of the name or IMEI. */
  q?: string;
}

/**
 * GET /api/smsUser/device-options: up to 500 devices of the company to choose (the page's managers may
 * not hold the device menu).
 */
export function getDeviceOptions(query: DeviceOptionsQuery): Promise<DeviceOption[]> {
  return request<DeviceOption[]>({ url: '/smsUser/device-options', method: 'GET', params: query });
}

export function deviceOptionsQueryOptions(query: DeviceOptionsQuery) {
  return queryOptions({
    queryKey: queryKeys.device.options(query.companyId ?? 'own', query.q ?? ''),
    queryFn: () => getDeviceOptions(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useDeviceOptions(query: DeviceOptionsQuery, enabled: boolean) {
  return useQuery({ ...deviceOptionsQueryOptions(query), enabled });
}
