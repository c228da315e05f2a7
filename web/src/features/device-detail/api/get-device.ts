import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError, request } from '@/lib/request';

import type { Device } from '@/types/api';

import { DEVICE_POLL_MS, deviceDetailKeys } from './keys';

/**
 * GET /api/device/{id}: 404 for an unknown device or one of another company. Silent: the page shows
 * its own state (not found, load failed, or a stale-data hint), so a poll every 10 s during an outage
 * does not toast every 10 s. A lost session is still handled by the request layer.
 */
export function getDevice(id: number): Promise<Device> {
  return request<Device>({ url: `/device/${id}`, method: 'GET', silent: true });
}

export function deviceQueryOptions(id: number) {
  return queryOptions({
    queryKey: deviceDetailKeys.device(id),
    queryFn: () => getDevice(id),
    // Read again every DEVICE_POLL_MS while the page is visible (react-query pauses it in a hidden tab).
    // A device that is gone (404) is not asked for again.
    refetchInterval: (query) => (isApiError(query.state.error) && query.state.error.status === 404 ? false : DEVICE_POLL_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export function useDevice(id: number, enabled = true) {
  return useQuery({ ...deviceQueryOptions(id), enabled });
}
