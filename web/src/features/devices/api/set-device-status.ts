import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Device, RecordStatus } from '@/types/api';

export interface SetDeviceStatusVariables {
  id: number;
  status: RecordStatus;
}

/** PATCH /api/device/{id} (DeviceManagement:status): a disabled device is refused by the gateway. */
export function setDeviceStatus({ id, status }: SetDeviceStatusVariables): Promise<Device> {
  return request<Device>({ url: `/device/${id}`, method: 'PATCH', data: { status } });
}

export function useSetDeviceStatus(config?: MutationConfig<Device, SetDeviceStatusVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setDeviceStatus,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
