import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { DeviceType, DeviceTypeInput } from '../types';

/** POST /api/deviceClassify (DeviceTypeManagement:create). Silent: the dialog shows 409/422 on the form. */
export function createDeviceType(input: DeviceTypeInput): Promise<DeviceType> {
  return request<DeviceType>({ url: '/deviceClassify', method: 'POST', data: input, loading: true, silent: true });
}

export function useCreateDeviceType(config?: MutationConfig<DeviceType, DeviceTypeInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createDeviceType,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'deviceType');
      await config?.onSuccess?.(...args);
    },
  });
}
