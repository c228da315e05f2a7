import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { DeviceCommand } from '@/types/api';

/** The data flag, 0 or 1. */
export interface DataFlagInput {
  deviceIds: number[];
  dataFlag: 0 | 1;
}

/** POST /api/device/set-data-flag (DeviceManagement:param). Silent: the dialog shows a 422 on its fields. */
export function setDataFlag(input: DataFlagInput): Promise<DeviceCommand[]> {
  return request<DeviceCommand[]>({ url: '/device/set-data-flag', method: 'POST', data: input, loading: true, silent: true });
}

export function useSetDataFlag(config?: MutationConfig<DeviceCommand[], DataFlagInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setDataFlag,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
