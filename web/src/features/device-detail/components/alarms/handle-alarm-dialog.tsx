import { useSuccessThen } from '@/lib/use-success-then';
import { AlarmHandleDialog } from '@/shared/alarms/alarm-handle-dialog';
import { useHandleAlarm } from '@/shared/alarms/api/handle-alarm';

import type { AlarmRecord } from '../../types';

interface HandleAlarmDialogProps {
  /** The alarm being handled; null keeps the dialog closed. */
  alarm: AlarmRecord | null;
  onClose: () => void;
}

/** The shared handling dialog, sending the device page's call. */
export function HandleAlarmDialog({ alarm, onClose }: HandleAlarmDialogProps) {
  const handle = useHandleAlarm(useSuccessThen('deviceDetail.alarms.handleDone', onClose));
  return (
    <AlarmHandleDialog
      alarm={alarm}
      pending={handle.isPending}
      onHandle={(note) => alarm && handle.mutate({ alarm, note })}
      onClose={onClose}
    />
  );
}
