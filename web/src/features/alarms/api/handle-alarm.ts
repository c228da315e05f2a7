import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { Alarm } from '../types';

import { invalidateAlarmChange } from './keys';

export interface HandleAlarmVariables {
  alarm: Pick<Alarm, 'id' | 'deviceId'>;
  note: string;
}

/**
 * PUT /api/alarmLog/{id}/handle (AlarmManagement:handle) {note}: handle an acknowledged alarm, once
 * (409 before the acknowledgement or after a first handling).
 */
export function handleAlarm({ alarm, note }: HandleAlarmVariables): Promise<Alarm> {
  return request<Alarm>({ url: `/alarmLog/${alarm.id}/handle`, method: 'PUT', data: { note } });
}

export function useHandleAlarm(config?: MutationConfig<Alarm, HandleAlarmVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: handleAlarm,
    onSettled: (_data, _error, { alarm }) => invalidateAlarmChange(queryClient, [alarm.deviceId]),
  });
}
