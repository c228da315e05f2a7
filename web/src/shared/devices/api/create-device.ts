import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Device } from '@/types/api';

import type { DeviceInput } from '../types';

/**
 * POST /api/device (DeviceManagement:create): the answer carries the secret, the only time it is
 * shown. Silent: the dialog shows 409/422 answers on the form.
 */
export function createDevice(input: DeviceInput): Promise<Device> {
  return request<Device>({ url: '/device', method: 'POST', data: input, loading: true, silent: true });
}

export function useCreateDevice(config?: MutationConfig<Device, DeviceInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createDevice,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
