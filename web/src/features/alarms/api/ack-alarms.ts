import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { Alarm, BulkAckResult } from '../types';

import { invalidateAlarmChange } from './keys';

/**
 * PUT /api/alarmLog/ack {ids} (AlarmManagement:handle, 1 to 200 ids): acknowledges those not yet
 * acknowledged that the caller may see; the answer lists the acknowledged and the skipped ids.
 */
export function ackAlarms(alarms: readonly Pick<Alarm, 'id'>[]): Promise<BulkAckResult> {
  return request<BulkAckResult>({ url: '/alarmLog/ack', method: 'PUT', data: { ids: alarms.map((a) => a.id) } });
}

export function useAckAlarms(config?: MutationConfig<BulkAckResult, readonly Pick<Alarm, 'id' | 'deviceId'>[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ackAlarms,
    onSettled: (_data, _error, alarms) => invalidateAlarmChange(queryClient, alarms.map((a) => a.deviceId)),
  });
}
