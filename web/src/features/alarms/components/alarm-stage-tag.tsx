import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { ALARM_STAGES, type AlarmStage } from '../types';

const COLORS: Record<AlarmStage, string> = {
  new: 'red',
  acknowledged: 'orange',
  waiting: 'blue',
  handled: 'green',
};

function isStage(stage: string): stage is AlarmStage {
  return (ALARM_STAGES as readonly string[]).includes(stage);
}

/** An alarm's stage (active or ended, acknowledged, handled) as one tag in plain words, explained on hover. */
export function AlarmStageTag({ stage }: { stage: string }) {
  const { t } = useTranslation();
  if (!isStage(stage)) return <Tag>{stage || t('common.empty')}</Tag>;
  return (
    <Tooltip title={t(`alarm.stageHint.${stage}`)}>
      <Tag color={COLORS[stage]} data-alarm-stage={stage}>
        {t(`alarm.stages.${stage}`)}
      </Tag>
    </Tooltip>
  );
}
