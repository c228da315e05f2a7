import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { Alarm } from '../types';

import { invalidateAlarmChange } from './keys';

/** PUT /api/alarmLog/{id}/ack (AlarmManagement:handle): acknowledge once (409 after). */
export function ackAlarm(alarm: Pick<Alarm, 'id'>): Promise<Alarm> {
  return request<Alarm>({ url: `/alarmLog/${alarm.id}/ack`, method: 'PUT' });
}

/** Acknowledges, then reads the alarms again (also after a 409: someone else was quicker). */
export function useAckAlarm(config?: MutationConfig<Alarm, Pick<Alarm, 'id' | 'deviceId'>>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ackAlarm,
    onSettled: (_data, _error, alarm) => invalidateAlarmChange(queryClient, [alarm.deviceId]),
  });
}
