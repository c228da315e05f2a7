import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { DeviceCommand } from '@/types/api';

/** Custom parameters (names and bounds in docs/device-protocol.md); only the given ones change. */
export interface CustomParamInput {
  deviceIds: number[];
  params: Record<string, number>;
}

/** POST /api/device/set-custom-param (DeviceManagement:param). Silent: the dialog shows a 422 on its fields. */
export function setCustomParam(input: CustomParamInput): Promise<DeviceCommand[]> {
  return request<DeviceCommand[]>({ url: '/device/set-custom-param', method: 'POST', data: input, loading: true, silent: true });
}

export function useSetCustomParam(config?: MutationConfig<DeviceCommand[], CustomParamInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setCustomParam,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
