import { App, Button } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { deviceDetailPath } from '@/config/paths';
import { usePermission } from '@/lib/authorization';

import { useAckAlarm, type AlarmRef } from './api/ack-alarm';

/** Codes that may acknowledge an alarm: the Alarm Center's, or the device pages' older one (the server takes either). */
export const ACK_ALARM_CODES = ['AlarmManagement:handle', 'DeviceManagement:handleAlarm'] as const;

/** Whether the signed-in user may acknowledge alarms. */
export function useCanAckAlarm(): boolean {
  return usePermission(ACK_ALARM_CODES);
}

interface AckAlarmButtonProps {
  alarm: AlarmRef;
  /** After the acknowledgement was stored (e.g. close the pop-up that offered it). */
  onDone?: () => void;
}

/**
 * Acknowledge one alarm in one click, where the user already looks at it (home page, bell, live pop-up);
 * every list of alarms is read again after it (shared/alarms/api). The caller checks useCanAckAlarm.
 */
export function AckAlarmButton({ alarm, onDone }: AckAlarmButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ack = useAckAlarm({
    onSuccess: () => {
      void message.success(t('alarmActions.ackDone'));
      onDone?.();
    },
  });
  return (
    <Button
      type="link"
      size="small"
      loading={ack.isPending}
      aria-label={t('alarmActions.acknowledgeAlarm', { id: alarm.id })}
      onClick={() => ack.mutate(alarm)}
    >
      {t('alarmActions.acknowledge')}
    </Button>
  );
}

interface OpenDeviceLinkProps {
  deviceId: number;
  /** The device's name (or IMEI), in the link's accessible name. */
  name: string;
  /** Called on a click before the page changes (e.g. close the popover the link is in). */
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Open the device's detail page. */
export function OpenDeviceLink({ deviceId, name, onOpen }: OpenDeviceLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={deviceDetailPath(deviceId)}
      aria-label={t('alarmActions.openDeviceOf', { name })}
      style={{ padding: '0 7px' }}
      onClick={onOpen}
    >
      {t('alarmActions.open')}
    </Link>
  );
}
