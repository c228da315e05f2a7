import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { DeviceCommand } from '@/types/api';

/** Report and heartbeat intervals in minutes (1–1440, heartbeat not shorter than reports). */
export interface IntervalParamInput {
  deviceIds: number[];
  reportInterval: number;
  heartbeatInterval: number;
}

/** POST /api/device/set-interval-param (DeviceManagement:param). Silent: the dialog shows a 422 on its fields. */
export function setIntervalParam(input: IntervalParamInput): Promise<DeviceCommand[]> {
  return request<DeviceCommand[]>({ url: '/device/set-interval-param', method: 'POST', data: input, loading: true, silent: true });
}

export function useSetIntervalParam(config?: MutationConfig<DeviceCommand[], IntervalParamInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setIntervalParam,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
