import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { AlarmRecord } from '@/types/api';

import type { AlarmRef } from './ack-alarm';
import { invalidateAlarmChange } from './keys';

export interface HandleAlarmVariables {
  alarm: AlarmRef;
  note: string;
}

/**
 * PUT /api/alarmLog/{id}/handle (AlarmManagement:handle or DeviceManagement:handleAlarm) {note}: handle an
 * acknowledged alarm, once (409 before the acknowledgement or after a first handling).
 */
export function handleAlarm({ alarm, note }: HandleAlarmVariables): Promise<AlarmRecord> {
  return request<AlarmRecord>({ url: `/alarmLog/${alarm.id}/handle`, method: 'PUT', data: { note } });
}

export function useHandleAlarm(config?: MutationConfig<AlarmRecord, HandleAlarmVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: handleAlarm,
    onSettled: (_data, _error, { alarm }) => invalidateAlarmChange(queryClient, [alarm.deviceId]),
  });
}
