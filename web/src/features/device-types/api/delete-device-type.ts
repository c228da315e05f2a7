import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/**
 * DELETE /api/deviceClassify/{id} (DeviceTypeManagement:delete). A type devices still use is refused
 * (409, "in use by devices"); the request layer toasts that message.
 */
export function deleteDeviceType(id: number): Promise<null> {
  return request<null>({ url: `/deviceClassify/${id}`, method: 'DELETE', loading: true });
}

export function useDeleteDeviceType(config?: MutationConfig<null, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteDeviceType,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'deviceType');
      await config?.onSuccess?.(...args);
    },
  });
}
