import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

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
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
