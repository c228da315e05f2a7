import { useSuccessThen } from '@/lib/use-success-then';
import { AlarmHandleDialog } from '@/shared/alarms/alarm-handle-dialog';
import { useHandleAlarm } from '@/shared/alarms/api/handle-alarm';

import type { Alarm } from '../types';

/** The shared handling dialog, sending the Alarm Center's call. */
export function HandleAlarmDialog({ alarm, onClose }: { alarm: Alarm | null; onClose: () => void }) {
  const handle = useHandleAlarm(useSuccessThen('alarm.handleDone', onClose));
  return (
    <AlarmHandleDialog
      alarm={alarm}
      pending={handle.isPending}
      onHandle={(note) => alarm && handle.mutate({ alarm, note })}
      onClose={onClose}
    />
  );
}
