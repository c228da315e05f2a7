import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { DeviceCommand } from '@/types/api';

/** Alarm thresholds for one device or many: %LEL with one decimal, 0 < low < high <= 100. */
export interface AlertParamInput {
  deviceIds: number[];
  alertLow: number;
  alertHigh: number;
}

/** POST /api/device/set-alert-param (DeviceManagement:param): sets the wanted thresholds and queues a command per device. Silent: the dialog shows a 422 on its fields. */
export function setAlertParam(input: AlertParamInput): Promise<DeviceCommand[]> {
  return request<DeviceCommand[]>({ url: '/device/set-alert-param', method: 'POST', data: input, loading: true, silent: true });
}

export function useSetAlertParam(config?: MutationConfig<DeviceCommand[], AlertParamInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setAlertParam,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
