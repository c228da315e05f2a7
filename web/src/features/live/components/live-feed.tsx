import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { deviceDetailPath } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { usePermission } from '@/lib/authorization';

import { playAlarmSound, unlockAlarmSoundOnGesture } from '../lib/alarm-sound';
import { eventNotice, shouldNotify } from '../lib/event-notice';
import { invalidateLiveQueries } from '../lib/live-keys';
import { openLiveFeed } from '../lib/live-feed';
import { useAlarmSound } from '../lib/sound-setting';
import type { LiveEvent } from '../types';

/** Events arriving together (a reconnect's catch-up) refresh the caches once. */
const INVALIDATE_DELAY_MS = 300;
/** The chime plays at most this often, however many alarms arrive at once. */
const SOUND_GAP_MS = 2_000;
/** At most this many live notifications stay on screen: a new one closes the oldest. */
const MAX_NOTICES = 5;

/**
 * The live feed of the signed-in session: one EventSource while a user holding DeviceManagement is
 * signed in (closed on sign-out or when the token changes). Every event refreshes the home figures, the
 * device list and that device's detail page; a new alarm or a device gone offline also shows a
 * notification with a link to the device, and a short chime unless the user switched it off.
 * Renders nothing; mounted once in the signed-in layout.
 */
export function LiveFeed() {
  const token = useAuthStore((s) => s.token);
  const allowed = usePermission('DeviceManagement');
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const pending = useRef<{ ids: Set<number>; timer: ReturnType<typeof setTimeout> | null }>({ ids: new Set(), timer: null });
  const lastSound = useRef(0);
  const shown = useRef<string[]>([]);

  const onEvent = useRef<(name: string, event: LiveEvent) => void>(() => undefined);
  onEvent.current = (name, event) => {
    const batch = pending.current;
    batch.ids.add(event.deviceId);
    batch.timer ??= setTimeout(() => {
      const ids = [...batch.ids];
      batch.ids.clear();
      batch.timer = null;
      void invalidateLiveQueries(queryClient, ids);
    }, INVALIDATE_DELAY_MS);

    const forget = (key: string) => {
      shown.current = shown.current.filter((k) => k !== key);
    };
    if (name === 'device.online') {
      // back online: its offline notice has nothing more to say
      const key = eventNotice('device.offline', event, t).key;
      if (shown.current.includes(key)) {
        notification.destroy(key);
        forget(key);
      }
    }
    if (!shouldNotify(name)) return;
    const notice = eventNotice(name, event, t);
    const path = deviceDetailPath(event.deviceId);
    forget(notice.key);
    shown.current.push(notice.key);
    while (shown.current.length > MAX_NOTICES) notification.destroy(shown.current.shift());
    notification[notice.severity]({
      key: notice.key,
      onClose: () => forget(notice.key),
      title: notice.title,
      duration: notice.severity === 'error' ? 0 : 10,
      className: 'live-notification',
      description: (
        <div data-testid="live-notice">
          <Typography.Text strong>{notice.device}</Typography.Text>
          {notice.value && <div>{t('live.value', { value: notice.value })}</div>}
        </div>
      ),
      // Notifications render outside the router, so the link navigates through the layout's navigate.
      actions: (
        <Button
          type="link"
          size="small"
          href={path}
          onClick={(e) => {
            e.preventDefault();
            notification.destroy(notice.key);
            void navigate(path);
          }}
        >
          {t('live.open')}
        </Button>
      ),
    });
    const now = Date.now();
    if (useAlarmSound.getState().enabled && now - lastSound.current >= SOUND_GAP_MS) {
      lastSound.current = now;
      playAlarmSound();
    }
  };

  useEffect(() => {
    // No EventSource (old browsers, the unit tests' jsdom): no live feed; the pages still poll.
    if (!token || !allowed || typeof EventSource === 'undefined') return;
    const feed = openLiveFeed({ token, onEvent: (name, event) => onEvent.current(name, event) });
    return () => feed.close();
  }, [token, allowed]);

  useEffect(() => (allowed ? unlockAlarmSoundOnGesture() : undefined), [allowed]);

  useEffect(
    () => () => {
      if (pending.current.timer !== null) clearTimeout(pending.current.timer);
    },
    [],
  );

  return null;
}
