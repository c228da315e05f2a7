import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateKeys, queryKeys } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { AlarmRecord } from '../types';

import { deviceDetailKeys } from './keys';

export interface HandleAlarmVariables {
  id: number;
  note: string;
}

/**
 * PUT /api/alarmLog/{id}/handle (DeviceManagement:handleAlarm) {note}: handle an acknowledged alarm,
 * once (409 before the acknowledgement or after a first handling).
 */
export function handleAlarm({ id, note }: HandleAlarmVariables): Promise<AlarmRecord> {
  return request<AlarmRecord>({ url: `/alarmLog/${id}/handle`, method: 'PUT', data: { note } });
}

export function useHandleAlarm(deviceId: number, config?: MutationConfig<AlarmRecord, HandleAlarmVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: handleAlarm,
    // the device's alarms, the Alarm Center's lists, and the home page's unhandled alarms
    onSettled: () => invalidateKeys(queryClient, deviceDetailKeys.alarms(deviceId), queryKeys.alarm.all(), queryKeys.home.all()),
  });
}
