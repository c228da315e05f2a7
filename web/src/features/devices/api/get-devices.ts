import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Device, Paginated } from '@/types/api';

import { LIVE_REFRESH_MS } from '../components/device-rules';
import type { DeviceListQuery } from '../types';

/** GET /api/device: one page of the devices the signed-in user may see, with their live state. */
export function getDevices(query: DeviceListQuery): Promise<Paginated<Device>> {
  return request<Paginated<Device>>({ url: '/device', method: 'GET', params: query });
}

export function devicesQueryOptions(query: DeviceListQuery) {
  return queryOptions({
    queryKey: queryKeys.device.list(query),
    queryFn: () => getDevices(query),
    placeholderData: keepPreviousData,
    // Live columns: asked again every LIVE_REFRESH_MS while the page is visible (react-query does
    // not refetch on an interval in a hidden tab); the page, filters and selection stay as they are.
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useDevices(query: DeviceListQuery) {
  return useQuery(devicesQueryOptions(query));
}
