import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  high: 'red',
  low: 'orange',
  fault: 'magenta',
  offline: 'default',
  lowBattery: 'gold',
  normal: 'green',
};

/** The device's alarm state: the most urgent open alarm, or normal. */
export function AlarmStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const known = state in COLORS;
  return (
    <Tag color={COLORS[state] ?? 'default'} data-alarm-state={state}>
      {known ? t(`deviceDetail.alarmStates.${state}`) : state || t('common.empty')}
    </Tag>
  );
}
