import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Paginated } from '@/types/api';

import type { DeviceTypeOption } from '../types';

/** GET /api/deviceClassify (first 100, by model): the types a device form and the filter choose from. */
export async function getDeviceTypeOptions(): Promise<DeviceTypeOption[]> {
  const page = await request<Paginated<DeviceTypeOption>>({
    url: '/deviceClassify',
    method: 'GET',
    params: { page: 1, pageSize: 100, sort: 'model' },
  });
  return page.list;
}

export function deviceTypeOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.deviceType.options(), queryFn: getDeviceTypeOptions, staleTime: 60_000 });
}

export function useDeviceTypeOptions(enabled = true) {
  return useQuery({ ...deviceTypeOptionsQueryOptions(), enabled });
}
