import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { AlarmRecord } from '@/types/api';

import { announceAcknowledged } from './acknowledged';
import { invalidateAlarmChange } from './keys';

/** What an acknowledgement needs of an alarm: its id, and its device (whose alarms are read again). */
export type AlarmRef = Pick<AlarmRecord, 'id' | 'deviceId'>;

/**
 * PUT /api/alarmLog/{id}/ack (AlarmManagement:handle or DeviceManagement:handleAlarm): acknowledge once
 * (409 after).
 */
export function ackAlarm(alarm: Pick<AlarmRecord, 'id'>): Promise<AlarmRecord> {
  return request<AlarmRecord>({ url: `/alarmLog/${alarm.id}/ack`, method: 'PUT' });
}

/**
 * Acknowledges, then reads every view of alarms again (also after a 409: someone else was quicker). THE
 * hook of the Alarm Center, the device page, the home page, the bell and the live pop-ups.
 */
export function useAckAlarm(config?: MutationConfig<AlarmRecord, AlarmRef>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ackAlarm,
    onSuccess: (data, alarm, ...rest) => {
      announceAcknowledged([alarm.id]);
      return config?.onSuccess?.(data, alarm, ...rest);
    },
    onSettled: (_data, _error, alarm) => invalidateAlarmChange(queryClient, [alarm.deviceId]),
  });
}
