import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AlarmState } from '@/types/api';

/** Every alarm state the server reports for a device (docs/api.md), in the order filters offer them. */
export const ALARM_STATES: readonly AlarmState[] = ['normal', 'low', 'high', 'fault', 'offline', 'lowBattery'];

const COLORS: Record<AlarmState, string> = {
  normal: 'green',
  low: 'orange',
  high: 'red',
  fault: 'magenta',
  offline: 'default',
  lowBattery: 'gold',
};

function isAlarmState(state: string): state is AlarmState {
  return (ALARM_STATES as readonly string[]).includes(state);
}

/**
 * A device's alarm state (the most urgent open alarm, or normal) as a coloured tag: THE one tag of the
 * device list and the device detail header. Its words are `alarmState.*` of the shared catalogue; a state
 * this console does not know shows as the server sent it, none as "—".
 */
export function AlarmStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={isAlarmState(state) ? COLORS[state] : 'default'} data-alarm-state={state}>
      {isAlarmState(state) ? t(`alarmState.${state}`) : state || t('common.empty')}
    </Tag>
  );
}
