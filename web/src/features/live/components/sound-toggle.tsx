import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

import { usePermission } from '@/lib/authorization';

import { playAlarmSound } from '../lib/alarm-sound';
import { useAlarmSound } from '../lib/sound-setting';

/**
 * The top bar's alarm sound switch (remembered in localStorage), for users who get the live feed.
 * Turning it on plays the chime once, so the user hears what it sounds like (and the click lets the
 * browser play sound later).
 */
export function SoundToggle() {
  const { t } = useTranslation();
  const allowed = usePermission('DeviceManagement');
  const enabled = useAlarmSound((s) => s.enabled);
  const setEnabled = useAlarmSound((s) => s.setEnabled);
  if (!allowed) return null;
  return (
    <Tooltip title={enabled ? t('live.sound.on') : t('live.sound.off')}>
      <Button
        type="text"
        aria-label={t('live.sound.label')}
        aria-pressed={enabled}
        data-testid="alarm-sound-toggle"
        icon={enabled ? <SoundOutlined /> : <MutedOutlined />}
        onClick={() => {
          const next = !enabled;
          setEnabled(next);
          if (next) playAlarmSound();
        }}
      />
    </Tooltip>
  );
}
