import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Device } from '@/types/api';

import type { DeviceInput } from '../types';

export interface UpdateDeviceVariables {
  id: number;
  data: DeviceInput;
}

/** PUT /api/device/{id} (DeviceManagement:update); only platform users move a device to another company. */
export function updateDevice({ id, data }: UpdateDeviceVariables): Promise<Device> {
  return request<Device>({ url: `/device/${id}`, method: 'PUT', data, loading: true, silent: true });
}

export function useUpdateDevice(config?: MutationConfig<Device, UpdateDeviceVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateDevice,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
