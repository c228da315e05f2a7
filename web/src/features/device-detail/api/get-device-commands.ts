import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import type { DeviceCommand } from '@/types/api';

import { deviceDetailKeys } from './keys';

/** GET /api/device/{id}/commands: the device's command queue, newest first (the whole queue, not paged). */
export function getDeviceCommands(id: number): Promise<DeviceCommand[]> {
  return request<DeviceCommand[]>({ url: `/device/${id}/commands`, method: 'GET' });
}

export function deviceCommandsQueryOptions(id: number) {
  return queryOptions({
    queryKey: deviceDetailKeys.commands(id),
    queryFn: () => getDeviceCommands(id),
    staleTime: 0,
  });
}

export function useDeviceCommands(id: number) {
  return useQuery(deviceCommandsQueryOptions(id));
}
