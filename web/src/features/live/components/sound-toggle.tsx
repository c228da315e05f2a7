import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppStore } from '@/lib/app-store';
import { usePermission } from '@/lib/authorization';

import { playAlarmSound } from '../lib/alarm-sound';
import { useAlarmSound } from '../lib/sound-setting';

/**
 * The top bar's alarm sound switch (remembered in localStorage), for users who get the live feed.
 * Turning it on plays the chime once, so the user hears what it sounds like (and the click lets the
 * browser play sound later). While the browser refuses to play (after a reload, before any click) and the
 * sound is on, the switch says so in warning colours: "click to enable sound", and a click plays the chime
 * instead of switching the sound off.
 */
export function SoundToggle() {
  const { t } = useTranslation();
  const allowed = usePermission('DeviceManagement');
  const enabled = useAlarmSound((s) => s.enabled);
  const blocked = useAlarmSound((s) => s.blocked);
  const setEnabled = useAlarmSound((s) => s.setEnabled);
  // phones have no room for the words: the warning icon and its tooltip say it
  const narrow = useAppStore((s) => s.device === 'mobile');
  // The page-wide gesture listener resumes the sound on this very press, before the click arrives: what
  // the click means is decided by the state at the press.
  const blockedAtPress = useRef(false);
  if (!allowed) return null;
  const waiting = enabled && blocked;
  const remember = () => {
    blockedAtPress.current = useAlarmSound.getState().blocked;
  };
  const title = waiting ? t('live.sound.blocked') : enabled ? t('live.sound.on') : t('live.sound.off');
  return (
    <Tooltip title={title}>
      <Button
        type={waiting ? undefined : 'text'}
        className={waiting ? 'sound-toggle sound-toggle-blocked' : 'sound-toggle'}
        aria-label={waiting ? t('live.sound.blockedLabel') : t('live.sound.label')}
        aria-pressed={enabled}
        data-testid="alarm-sound-toggle"
        data-sound-state={waiting ? 'blocked' : enabled ? 'on' : 'off'}
        color={waiting ? 'orange' : undefined}
        variant={waiting ? 'filled' : undefined}
        icon={enabled && !blocked ? <SoundOutlined /> : <MutedOutlined />}
        onPointerDown={remember}
        onKeyDown={remember}
        onClick={() => {
          if (enabled && (blocked || blockedAtPress.current)) {
            blockedAtPress.current = false;
            playAlarmSound();
            return;
          }
          const next = !enabled;
          setEnabled(next);
          if (next) playAlarmSound();
        }}
      >
        {waiting && !narrow ? t('live.sound.enable') : undefined}
      </Button>
    </Tooltip>
  );
}
