import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Answer } from '@/types/api';

import type { AlarmRef } from './ack-alarm';
import { announceAcknowledged } from './acknowledged';
import { invalidateAlarmChange } from './keys';

/** PUT /api/alarmLog/ack: the acknowledged and the skipped ids. */
export type BulkAckResult = Answer<'/api/alarmLog/ack', 'put'>;

/**
 * PUT /api/alarmLog/ack {ids} (AlarmManagement:handle, 1 to 200 ids): acknowledges those not yet
 * acknowledged that the caller may see; the answer lists the acknowledged and the skipped ids.
 */
export function ackAlarms(alarms: readonly Pick<AlarmRef, 'id'>[]): Promise<BulkAckResult> {
  return request<BulkAckResult>({ url: '/alarmLog/ack', method: 'PUT', data: { ids: alarms.map((a) => a.id) } });
}

export function useAckAlarms(config?: MutationConfig<BulkAckResult, readonly AlarmRef[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ackAlarms,
    onSuccess: (data, alarms, ...rest) => {
      announceAcknowledged(data.acknowledged);
      return config?.onSuccess?.(data, alarms, ...rest);
    },
    onSettled: (_data, _error, alarms) => invalidateAlarmChange(queryClient, alarms.map((a) => a.deviceId)),
  });
}
