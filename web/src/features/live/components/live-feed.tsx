import { useQueryClient } from '@tanstack/react-query';
import { Button, ConfigProvider, notification as antNotification, Space, Typography } from 'antd';
import type { ArgsProps } from 'antd/es/notification';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { deviceDetailPath } from '@/config/paths';
import { useAppStore } from '@/lib/app-store';
import { useAuthStore } from '@/lib/auth-store';
import { usePermission } from '@/lib/authorization';
import { AckAlarmButton, useCanAckAlarm } from '@/shared/alarms/alarm-actions';
import { onAlarmsAcknowledged } from '@/shared/alarms/api/acknowledged';

import { playAlarmSound, unlockAlarmSoundOnGesture } from '../lib/alarm-sound';
import { useBell } from '../lib/bell-store';
import { eventNotice, shouldNotify } from '../lib/event-notice';
import { invalidateLiveQueries } from '../lib/live-keys';
import { openLiveFeed } from '../lib/live-feed';
import { useAlarmSound } from '../lib/sound-setting';
import type { LiveEvent } from '../types';

/** Events arriving together (a reconnect's catch-up) refresh the caches once. */
const INVALIDATE_DELAY_MS = 300;
/** The chime plays at most this often, however many alarms arrive at once. */
const SOUND_GAP_MS = 2_000;
/** At most this many live pop-ups show at once; older ones collapse into one "+N more alarms" item. */
export const MAX_VISIBLE_NOTICES = 3;
/** A phone has room for two above the "+N more" item without covering the whole screen and its top bar. */
export const MAX_VISIBLE_NOTICES_NARROW = 2;
/** Collapsed pop-ups kept to show again when a visible one is closed (the bell and the Alarm Center list them all). */
const MAX_COLLAPSED = 50;
/** The "+N more alarms" item. */
const MORE_KEY = 'live-more';
/**
 * The pop-ups' own layer: below dialogs (z-index 1000) and menus, above the page, so an alarm never covers
 * a dialog's buttons; in the bottom-right corner, clear of the top bar.
 */
const NOTICE_THEME = { components: { Notification: { zIndexPopup: 990 } } };
const PLACEMENT = 'bottomRight';
/** A phone (375 px) is narrower than antd's 384 px pop-up plus its 24 px margins: the pop-up narrows. */
const NOTICE_STYLE = { maxWidth: 'calc(100vw - 48px)' };

interface LiveNotice {
  key: string;
  alarmId: number;
  severity: 'error' | 'warning';
  args: ArgsProps;
}

interface NoticeActionsProps {
  event: LiveEvent;
  canAck: boolean;
  openLabel: string;
  /** Acknowledged: the pop-up has nothing more to ask. */
  onAcked: () => void;
  onOpen: () => void;
}

/** A pop-up's actions: Acknowledge (for those who may) and Open the device. */
function NoticeActions({ event, canAck, openLabel, onAcked, onOpen }: NoticeActionsProps) {
  const path = deviceDetailPath(event.deviceId);
  return (
    <Space size={0} wrap>
      {canAck && event.alarmId > 0 && <AckAlarmButton alarm={{ id: event.alarmId, deviceId: event.deviceId }} onDone={onAcked} />}
      <Button
        type="link"
        size="small"
        href={path}
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
      >
        {openLabel}
      </Button>
    </Space>
  );
}

/**
 * The live feed of the signed-in session: one EventSource while a user holding DeviceManagement is
 * signed in (closed on sign-out or when the token changes). Every event refreshes the home figures, the
 * device list, the alarm lists (the bell's count among them) and that device's detail page; a new alarm
 * or a device gone offline also shows a pop-up in the bottom-right corner with Acknowledge and Open, and
 * a short chime unless the user switched it off. At most three pop-ups show (two on a phone): older ones
 * collapse into "+N more alarms", which opens the bell; closing a pop-up brings back the newest collapsed one.
 */
export function LiveFeed() {
  const token = useAuthStore((s) => s.token);
  const allowed = usePermission('DeviceManagement');
  const canAck = useCanAckAlarm();
  const hasBell = usePermission('AlarmManagement');
  const narrow = useAppStore((s) => s.device === 'mobile');
  const { t } = useTranslation();
  const [notification, contextHolder] = antNotification.useNotification({ placement: PLACEMENT, stack: false });
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const pending = useRef<{ ids: Set<number>; timer: ReturnType<typeof setTimeout> | null }>({ ids: new Set(), timer: null });
  const lastSound = useRef(0);
  /** The pop-ups on screen, oldest first, and the collapsed ones, oldest first. */
  const visible = useRef<LiveNotice[]>([]);
  const collapsed = useRef<LiveNotice[]>([]);
  const moreShown = useRef(false);

  const maxVisible = narrow ? MAX_VISIBLE_NOTICES_NARROW : MAX_VISIBLE_NOTICES;
  const show = (item: LiveNotice) => notification[item.severity](item.args);
  const syncMore = () => {
    const count = collapsed.current.length;
    if (count === 0) {
      notification.destroy(MORE_KEY);
      moreShown.current = false;
      return;
    }
    // The item goes above the pop-ups, farthest from the corner where the newest arrive: the first time,
    // the pop-ups are taken off and put back after it (in one render, nothing moves on screen).
    const first = !moreShown.current;
    if (first) for (const n of visible.current) notification.destroy(n.key);
    moreShown.current = true;
    notification.open({
      key: MORE_KEY,
      placement: PLACEMENT,
      duration: 0,
      closable: false,
      role: 'status',
      className: 'live-notification live-more',
      style: { ...NOTICE_STYLE, cursor: 'pointer' },
      props: { 'data-testid': 'live-more' } as ArgsProps['props'],
      title: t('live.more', { count }),
      description: hasBell ? t('live.moreHint') : undefined,
      // the bell (and the Alarm Center) lists every one of them: the collapsed pop-ups are done with
      onClick: () => {
        collapsed.current = [];
        moreShown.current = false;
        notification.destroy(MORE_KEY);
        if (hasBell) useBell.getState().setOpen(true);
      },
    });
    if (first) for (const n of visible.current) show(n);
  };
  /** A pop-up left the screen (closed by the user, timed out, acknowledged): the newest collapsed one takes its place. */
  const removed = (key: string) => {
    const before = visible.current.length;
    visible.current = visible.current.filter((n) => n.key !== key);
    collapsed.current = collapsed.current.filter((n) => n.key !== key);
    if (visible.current.length < before && visible.current.length < maxVisible) {
      const next = collapsed.current.pop();
      if (next) {
        visible.current.push(next);
        show(next);
      }
    }
    syncMore();
  };
  const close = (key: string) => {
    notification.destroy(key);
    removed(key);
  };

  /** Pop-ups of alarms acknowledged elsewhere (the bell, the home page, another pop-up) have nothing more to ask. */
  const onAcknowledged = useRef<(alarmIds: readonly number[]) => void>(() => undefined);
  onAcknowledged.current = (alarmIds) => {
    for (const n of [...visible.current, ...collapsed.current]) {
      if (alarmIds.includes(n.alarmId)) close(n.key);
    }
  };

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

    if (name === 'device.online') {
      // back online: its offline notice has nothing more to say
      close(eventNotice('device.offline', event, t).key);
    }
    if (!shouldNotify(name)) return;
    const notice = eventNotice(name, event, t);
    const path = deviceDetailPath(event.deviceId);
    const item: LiveNotice = {
      key: notice.key,
      alarmId: event.alarmId,
      severity: notice.severity,
      args: {
        key: notice.key,
        placement: PLACEMENT,
        onClose: () => removed(notice.key),
        title: notice.title,
        // a gas alarm stays until closed or acknowledged; the others go after a while
        duration: notice.severity === 'error' ? 0 : 10,
        role: notice.severity === 'error' ? 'alert' : 'status',
        className: 'live-notification',
        style: NOTICE_STYLE,
        description: (
          <div data-testid="live-notice">
            <Typography.Text strong>{notice.device}</Typography.Text>
            {notice.value && <div>{t('live.value', { value: notice.value })}</div>}
          </div>
        ),
        // The pop-ups render outside the page's routes, so Open navigates through the layout's navigate.
        actions: (
          <NoticeActions
            event={event}
            canAck={canAck}
            openLabel={t('live.open')}
            onAcked={() => close(notice.key)}
            onOpen={() => {
              close(notice.key);
              void navigate(path);
            }}
          />
        ),
      },
    };
    // a newer notice of the same device and kind replaces the older, where that one is
    const shownAt = visible.current.findIndex((n) => n.key === item.key);
    if (shownAt >= 0) {
      visible.current[shownAt] = item;
    } else {
      collapsed.current = collapsed.current.filter((n) => n.key !== item.key);
      visible.current.push(item);
      while (visible.current.length > maxVisible) {
        const oldest = visible.current.shift();
        if (!oldest) break;
        notification.destroy(oldest.key);
        collapsed.current.push(oldest);
      }
      collapsed.current = collapsed.current.slice(-MAX_COLLAPSED);
    }
    const hadMore = moreShown.current;
    syncMore();
    // (a first "+N more" item has just put the pop-ups back, this one among them)
    if (hadMore || !moreShown.current) show(item);
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

  useEffect(() => onAlarmsAcknowledged((ids) => onAcknowledged.current(ids)), []);

  useEffect(
    () => () => {
      if (pending.current.timer !== null) clearTimeout(pending.current.timer);
    },
    [],
  );

  return <ConfigProvider theme={NOTICE_THEME}>{contextHolder}</ConfigProvider>;
}
