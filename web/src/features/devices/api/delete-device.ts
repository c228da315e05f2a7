import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import { invalidateDeviceData } from './invalidate';

/** DELETE /api/device/{id} (DeviceManagement:delete), with its command queue. */
export function deleteDevice(id: number): Promise<null> {
  return request<null>({ url: `/device/${id}`, method: 'DELETE', loading: true });
}

export function useDeleteDevice(config?: MutationConfig<null, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteDevice,
    onSuccess: async (...args) => {
      await invalidateDeviceData(queryClient);
      await config?.onSuccess?.(...args);
    },
  });
}
