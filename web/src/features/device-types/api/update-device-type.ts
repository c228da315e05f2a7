import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { DeviceType, DeviceTypeInput } from '../types';

export interface UpdateDeviceTypeVariables {
  id: number;
  data: DeviceTypeInput;
}

/**
 * PUT /api/deviceClassify/{id} (DeviceTypeManagement:update). Devices keep their own values; the new
 * defaults apply to devices created afterwards. Silent: errors go on the form.
 */
export function updateDeviceType({ id, data }: UpdateDeviceTypeVariables): Promise<DeviceType> {
  return request<DeviceType>({ url: `/deviceClassify/${id}`, method: 'PUT', data, loading: true, silent: true });
}

export function useUpdateDeviceType(config?: MutationConfig<DeviceType, UpdateDeviceTypeVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateDeviceType,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'deviceType');
      await config?.onSuccess?.(...args);
    },
  });
}
