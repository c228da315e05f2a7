import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { deviceDetailPath } from '@/config/paths';
import { useAuthStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, resetStores, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { HomeStatistic } from '@/types/api';

import { playAlarmSound } from '../lib/alarm-sound';
import { ALARM_SOUND_KEY, useAlarmSound } from '../lib/sound-setting';

vi.mock('../lib/alarm-sound', () => ({ playAlarmSound: vi.fn(() => true), unlockAlarmSoundOnGesture: () => () => undefined }));
vi.mock('@/features/dashboard/components/lazy-charts', () => ({ TrendChart: () => null, GroupPie: () => null, GroupBars: () => null }));

/** jsdom has no EventSource: this one records the feeds the console opens and lets the test send events. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, data: unknown) {
    const message = new MessageEvent<string>(type, { data: JSON.stringify(data) });
    act(() => {
      for (const l of this.listeners.get(type) ?? []) l(message);
    });
  }
}

const open = () => FakeEventSource.all.filter((s) => !s.closed);

let alarm = 0;
function statistic(): HomeStatistic {
  return {
    companies: null,
    devices: 1,
    online: 1,
    offline: 0,
    alarming: alarm,
    faulty: 0,
    lowBattery: 0,
    readingsToday: 1,
    alarmsToday: alarm,
    unhandledAlarms: alarm,
    activeAlarms: 0,
    topDevices: [],
    today: '2026-11-25',
    alarmTrend: [],
    byType: [],
    byProvince: [],
    latestAlarms: [],
    generatedAt: Date.now(),
  };
}

const alarmEvent = {
  id: 1042,
  type: 'alarm.started',
  companyId: 3,
  deviceId: 17,
  deviceName: '文三路阀门井 01',
  imei: '860000010000015',
  alarmId: 88,
  alarmKind: 'gas',
  level: 'high',
  value: 61.5,
  ts: 1795300000000,
  createdAt: 1795300000120,
};

beforeAll(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  resetStores();
  FakeEventSource.all = [];
  alarm = 0;
  vi.mocked(playAlarmSound).mockClear();
  useAlarmSound.setState({ enabled: true });
  await changeLanguage('zh-CN');
});
afterEach(() => server.resetHandlers());

describe('live feed', () => {
  it('opens one feed with the token, and on an alarm shows a notification, chimes and refreshes the home figures', async () => {
    signInAs('tok-1');
    useBaseHandlers(makeUser({ companyId: 3, permission: ['DeviceManagement'] }));
    let asked = 0;
    server.use(
      mock.get('/api/home/statistic', () => {
        asked += 1;
        return ok(statistic());
      }),
    );
    const { router } = renderApp('/dashboard');
    const inAlarm = await screen.findByRole('group', { name: '报警中设备' }, { timeout: 10_000 });
    expect(within(inAlarm).getByText('0')).toBeInTheDocument();
    expect(open()).toHaveLength(1);
    expect(open()[0].url).toBe('/api/events?token=tok-1');
    const before = asked;

    alarm = 1;
    open()[0].emit('alarm.started', alarmEvent);
    const notice = await screen.findByTestId('live-notice');
    expect(notice).toHaveTextContent('文三路阀门井 01（IMEI 860000010000015）');
    expect(notice).toHaveTextContent('数值：61.5 %LEL');
    expect(screen.getByText('高浓度燃气报警')).toBeInTheDocument();
    expect(playAlarmSound).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(screen.getByRole('group', { name: '报警中设备' })).getByText('1')).toBeInTheDocument());
    expect(asked).toBeGreaterThan(before);

    // an alarm ending refreshes the figures without a notification
    open()[0].emit('alarm.ended', { ...alarmEvent, id: 1043, type: 'alarm.ended' });
    await waitFor(() => expect(asked).toBeGreaterThan(before + 1));

    await userEvent.click(screen.getByRole('link', { name: /查看设备/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(deviceDetailPath(17)));
    expect(open()).toHaveLength(1); // one feed per session, kept across pages
  });

  it('plays no chime once the user switched the sound off, and remembers the choice', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: '报警提示音' }, { timeout: 10_000 });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(ALARM_SOUND_KEY)).toBe('0');

    await waitFor(() => expect(open()).toHaveLength(1));
    open()[0].emit('device.offline', { ...alarmEvent, alarmKind: 'offline', level: '', value: null });
    expect(await screen.findByText('设备离线')).toBeInTheDocument();
    expect(playAlarmSound).not.toHaveBeenCalled();

    // back online: the offline notice closes
    open()[0].emit('device.online', { ...alarmEvent, id: 1043, type: 'alarm.ended', alarmKind: 'offline', level: '', value: null });
    await waitFor(() => expect(screen.queryByText('设备离线')).not.toBeInTheDocument());
  });

  it('shows at most three pop-ups, one per device and kind, the older ones collapsed into "+N more"', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    renderApp('/dashboard');
    await waitFor(() => expect(open()).toHaveLength(1), { timeout: 10_000 });
    for (let i = 1; i <= 7; i += 1) {
      open()[0].emit('alarm.started', { ...alarmEvent, id: 2000 + i, deviceId: 100 + i, deviceName: `井 ${i}` });
    }
    open()[0].emit('alarm.raised', { ...alarmEvent, id: 2010, deviceId: 107, deviceName: '井 7' }); // replaces its own
    await waitFor(() => expect(screen.getAllByTestId('live-notice')).toHaveLength(3));
    const names = () => screen.getAllByTestId('live-notice').map((n) => n.textContent?.split('（')[0]);
    expect(names().sort()).toEqual(['井 5', '井 6', '井 7']);
    expect(screen.getByText('燃气报警升级为高报')).toBeInTheDocument();
    expect(screen.getByText('还有 4 条报警')).toBeInTheDocument();
    // in the bottom-right corner
    expect(document.querySelector('.ant-notification-bottomRight')).toContainElement(screen.getAllByTestId('live-notice')[0]);

    // closing one brings back the newest collapsed one
    const notice5 = screen.getAllByTestId('live-notice').find((n) => n.textContent?.startsWith('井 5'));
    const card = notice5?.closest('.ant-notification-notice') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(names().sort()).toEqual(['井 4', '井 6', '井 7']));
    expect(screen.getByText('还有 3 条报警')).toBeInTheDocument();

    // "+N more" lets the collapsed ones go (without the Alarm Center there is no bell to open)
    await userEvent.click(screen.getByText('还有 3 条报警'));
    await waitFor(() => expect(screen.queryByText(/还有 \d+ 条报警/)).not.toBeInTheDocument());
    expect(screen.getAllByTestId('live-notice')).toHaveLength(3);
  });

  it('acknowledges an alarm from its pop-up when the user may, which closes the pop-up', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement', 'AlarmManagement', 'AlarmManagement:handle'] }));
    const acked: string[] = [];
    server.use(
      mock.get('/api/home/statistic', () => ok(statistic())),
      mock.get('/api/alarmLog', () => ok({ list: [], total: 0, page: 1, pageSize: 8 })),
      mock.put('/api/alarmLog/:id/ack', ({ params }) => {
        acked.push(String(params.id));
        return ok({ id: Number(params.id) });
      }),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(open()).toHaveLength(1), { timeout: 10_000 });
    open()[0].emit('alarm.started', alarmEvent);
    const notice = (await screen.findByTestId('live-notice')).closest('.ant-notification-notice') as HTMLElement;
    await userEvent.click(within(notice).getByRole('button', { name: '确认报警 #88' }));
    await waitFor(() => expect(acked).toEqual(['88']));
    await waitFor(() => expect(screen.queryByTestId('live-notice')).not.toBeInTheDocument());
    expect(await screen.findByText('已确认')).toBeInTheDocument();
  });

  it('closes the pop-up of an alarm acknowledged elsewhere (here: from the bell)', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement', 'AlarmManagement', 'AlarmManagement:handle'] }));
    const fromList = {
      id: 88, companyId: 3, deviceId: 17, deviceName: '文三路阀门井 01', imei: '860000010000015', kind: 'gas', level: 'high',
      value: 61.5, peak: 61.5, status: 'active', stage: 'new', startedAt: 1795300000000, endedAt: null, durationMs: null,
      ackBy: null, ackAt: null, ackAccount: '', handledBy: null, handledAt: null, handledAccount: '', handleNote: '',
    };
    server.use(
      mock.get('/api/home/statistic', () => ok(statistic())),
      mock.get('/api/alarmLog', () => ok({ list: [fromList], total: 1, page: 1, pageSize: 8 })),
      mock.put('/api/alarmLog/88/ack', () => ok({ ...fromList, ackAt: Date.now() })),
    );
    renderApp('/dashboard');
    await waitFor(() => expect(open()).toHaveLength(1), { timeout: 10_000 });
    open()[0].emit('alarm.started', alarmEvent);
    await screen.findByTestId('live-notice');
    await userEvent.click(screen.getByRole('button', { name: '待确认报警：1 条' }));
    const list = await screen.findByRole('region', { name: '待确认报警' });
    await userEvent.click(within(list).getByRole('button', { name: '确认报警 #88' }));
    await waitFor(() => expect(screen.queryByTestId('live-notice')).not.toBeInTheDocument());
  });

  it('offers no acknowledgement in a pop-up without the right to acknowledge', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    renderApp('/dashboard');
    await waitFor(() => expect(open()).toHaveLength(1), { timeout: 10_000 });
    open()[0].emit('alarm.started', alarmEvent);
    const notice = (await screen.findByTestId('live-notice')).closest('.ant-notification-notice') as HTMLElement;
    expect(within(notice).getByRole('link', { name: '查看设备' })).toBeInTheDocument();
    expect(within(notice).queryByRole('button', { name: /确认报警/ })).not.toBeInTheDocument();
  });

  it('opens no feed and shows no sound switch without Alarm Device Management', async () => {
    signInAs();
    useBaseHandlers(makeUser({ name: 'Viewer', permission: ['OperationLogManagement'] }));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: '欢迎您，Viewer' }, { timeout: 10_000 });
    expect(FakeEventSource.all).toHaveLength(0);
    expect(screen.queryByRole('button', { name: '报警提示音' })).not.toBeInTheDocument();
  });

  it('stops on session.ended, opens a new feed for a new token and closes it on sign-out', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    renderApp('/dashboard');
    await waitFor(() => expect(open()).toHaveLength(1), { timeout: 10_000 });
    open()[0].emit('session.ended', {});
    expect(open()).toHaveLength(0);

    // signing in again (a new token) opens a new feed; signing out closes it
    act(() => useAuthStore.getState().setToken('tok-2'));
    await waitFor(() => expect(open().map((s) => s.url)).toEqual(['/api/events?token=tok-2']), { timeout: 10_000 });
    act(() => useAuthStore.getState().clearSession());
    await waitFor(() => expect(open()).toHaveLength(0));
  });
});
