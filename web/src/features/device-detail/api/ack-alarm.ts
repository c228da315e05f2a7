import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateKeys, queryKeys } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { AlarmRecord } from '../types';

import { deviceDetailKeys } from './keys';

/** PUT /api/alarmLog/{id}/ack (DeviceManagement:handleAlarm): acknowledge once (409 after). */
export function ackAlarm(id: number): Promise<AlarmRecord> {
  return request<AlarmRecord>({ url: `/alarmLog/${id}/ack`, method: 'PUT' });
}

/** Acknowledges, then reads the device's alarms again (also after a 409: someone else was quicker). */
export function useAckAlarm(deviceId: number, config?: MutationConfig<AlarmRecord, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ackAlarm,
    // the device's alarms, the Alarm Center's lists, and the home page's unhandled alarms
    onSettled: () => invalidateKeys(queryClient, deviceDetailKeys.alarms(deviceId), queryKeys.alarm.all(), queryKeys.home.all()),
  });
}
