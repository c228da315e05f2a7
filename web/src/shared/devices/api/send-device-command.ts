import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { DeviceCommand } from '@/types/api';

import type { DeviceCommandName } from '../types';

export interface SendCommandVariables {
  id: number;
  command: DeviceCommandName;
  /** muteAlarm: {minutes: 1–120}. */
  params?: Record<string, number>;
}

/** POST /api/device/sendCommand/{id} (DeviceManagement:command): queued, delivered when the device is reachable. */
export function sendDeviceCommand({ id, command, params }: SendCommandVariables): Promise<DeviceCommand> {
  return request<DeviceCommand>({
    url: `/device/sendCommand/${id}`,
    method: 'POST',
    data: params ? { command, params } : { command },
    loading: true,
    silent: true,
  });
}

export function useSendDeviceCommand(config?: MutationConfig<DeviceCommand, SendCommandVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendDeviceCommand,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'device');
      await config?.onSuccess?.(...args);
    },
  });
}
