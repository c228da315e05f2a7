import { useMutation } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/** PUT /api/device/rotate-secret/{id} (DeviceManagement:secret): a new secret, shown once; the old one stops working. */
export function rotateDeviceSecret(id: number): Promise<{ secret: string }> {
  return request<{ secret: string }>({ url: `/device/rotate-secret/${id}`, method: 'PUT', loading: true });
}

export function useRotateDeviceSecret(config?: MutationConfig<{ secret: string }, number>) {
  return useMutation({ ...config, mutationFn: rotateDeviceSecret });
}
