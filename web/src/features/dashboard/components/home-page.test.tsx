import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http as mock, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { deviceDetailPath } from '@/config/paths';
import { changeLanguage } from '@/lib/i18n';
import { makeAlarm } from '@/testing/fixtures';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, resetStores, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { HomeStatistic } from '@/types/api';

import { DEVICE_COUNTS, DEVICE_PARTS_HIDDEN, TOP_DEVICES } from '../testing/statistic';

// echarts needs a canvas, which jsdom lacks: the charts are replaced by what they would draw.
vi.mock('./lazy-charts', () => ({
  TrendChart: ({ trend }: { trend: { days: string[]; series: { kind: string; data: number[] }[] } }) => (
    <div data-testid="trend-chart">{`${trend.days.length} days to ${trend.days.at(-1)}: ${trend.series.map((s) => `${s.kind}=${s.data.join(',')}`).join(' ')}`}</div>
  ),
  GroupPie: ({ groups }: { groups: { name: string; count: number }[] }) => (
    <div data-testid="type-chart">{groups.map((g) => `${g.name}:${g.count}`).join(' ')}</div>
  ),
  GroupBars: ({ groups }: { groups: { name: string; count: number }[] }) => (
    <div data-testid="province-chart">{groups.map((g) => `${g.name}:${g.count}`).join(' ')}</div>
  ),
}));

const now = dayjs().hour(12).valueOf();
// The server (in UTC+8) names its days by their midnight there; its today is not the browser's date.
const TODAY = '2026-11-25';
const HOUR = 3_600_000;
const day = (ago: number) => Date.parse(`${TODAY}T00:00:00Z`) - ago * 24 * HOUR - 8 * HOUR;
/** One hour into the server's today: still the 24th for a browser in UTC or west of it. */
const SERVER_NOW = day(0) + HOUR;

function statistic(over: Partial<HomeStatistic> = {}): HomeStatistic {
  return {
    companies: null,
    ...DEVICE_COUNTS,
    topDevices: TOP_DEVICES,
    today: TODAY,
    alarmTrend: [
      { day: day(0), kind: 'gas', count: 3 },
      { day: day(2), kind: 'offline', count: 1 },
      { day: day(12), kind: 'fault', count: 6 },
    ],
    byType: [
      { key: '1', name: '红外甲烷探测器', count: 8 },
      { key: '2', name: '激光甲烷探测器', count: 4 },
    ],
    byProvince: [{ key: '330000', name: '浙江省', count: 12 }],
    latestAlarms: [
      makeAlarm({
        id: 88,
        deviceId: 17,
        deviceName: '文三路阀门井 01',
        imei: '860000010000015',
        companyId: 3,
        value: 61.46,
        peak: 70,
        startedAt: now - 60_000,
      }),
    ],
    generatedAt: SERVER_NOW,
    ...over,
  };
}

const figure = (name: string) => screen.getByRole('group', { name });

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(async () => {
  resetStores();
  await changeLanguage('zh-CN');
});
afterEach(() => server.resetHandlers());

describe('home page', () => {
  it('shows the figures, the trend, the groups and the latest alarms a device manager may see', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 3, permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    const { router } = renderApp('/dashboard');

    await screen.findByRole('group', { name: '设备总数' }, { timeout: 10_000 });
    expect(within(figure('设备总数')).getByText('12')).toBeInTheDocument();
    expect(within(figure('在线设备')).getByText('9')).toBeInTheDocument();
    expect(within(figure('离线设备')).getByText('3')).toBeInTheDocument();
    expect(within(figure('报警中设备')).getByText('1')).toBeInTheDocument();
    expect(within(figure('故障设备')).getByText('0')).toBeInTheDocument();
    expect(within(figure('低电量设备')).getByText('2')).toBeInTheDocument();
    expect(within(figure('今日数据')).getByText('12.35万')).toBeInTheDocument();
    expect(within(figure('今日报警')).getByText('4')).toBeInTheDocument();
    expect(within(figure('当前报警')).getByText('2')).toBeInTheDocument();
    expect(within(figure('待处理报警')).getByText('5')).toBeInTheDocument();
    expect(within(figure('待处理报警')).getByLabelText('尚无人处理的报警，无论是否已结束')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '企业总数' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '报警中' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '未处理报警' })).not.toBeInTheDocument();

    // the 10 figures of a company user fill two rows of 24 columns on a wide screen (1440 px: xl)
    const spans = [...document.querySelectorAll('.home-figure')].map((card) => {
      const col = card.closest('.ant-col');
      const span = /(?:^|\s)ant-col-xl-(\d+)(?:\s|$)/.exec(col?.className ?? '');
      return Number(span?.[1]);
    });
    expect(spans).toEqual([5, 5, 5, 5, 4, 5, 5, 5, 5, 4]);

    // the devices with the most alarms, each linking to its detail page (a device without a name by its IMEI)
    const top = screen.getByRole('region', { name: '报警最多的设备' });
    const rows = within(top).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '文三路阀门井 018600000100000159',
      '8600000100000238600000100000234',
      '古墩路调压站8600000100000071',
    ]);
    expect(within(top).getByLabelText('报警次数: 9')).toBeInTheDocument();

    // the trend: 7 days at first, 30 on demand
    expect(screen.getByTestId('trend-total')).toHaveTextContent('共 4 次');
    expect(await screen.findByTestId('trend-chart')).toHaveTextContent(/^7 days to 2026-11-25: gas=0,0,0,0,0,0,3 offline=0,0,0,0,1,0,0/);
    await userEvent.click(screen.getByText('近 30 天'));
    expect(screen.getByTestId('trend-total')).toHaveTextContent('共 10 次');
    expect(screen.getByTestId('trend-chart')).toHaveTextContent(/^30 days to 2026-11-25: /);

    expect(screen.getByTestId('type-chart')).toHaveTextContent('红外甲烷探测器:8 激光甲烷探测器:4');
    expect(screen.getByTestId('province-chart')).toHaveTextContent('浙江省:12');

    const latest = screen.getByRole('region', { name: '最新报警' });
    expect(within(latest).getByText('860000010000015')).toBeInTheDocument();
    expect(within(latest).getByText('高报')).toBeInTheDocument();
    expect(within(latest).getByText('61.5 %LEL')).toBeInTheDocument();
    expect(within(latest).getByText('未处理')).toBeInTheDocument();
    await userEvent.click(within(latest).getByRole('link', { name: '文三路阀门井 01' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(deviceDetailPath(17)));
  });

  it('opens a device of the most alarming ones from its name (en)', async () => {
    await changeLanguage('en');
    signInAs();
    useBaseHandlers(makeUser({ companyId: 3, permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    const { router } = renderApp('/dashboard');
    const top = await screen.findByRole('region', { name: 'Devices with the most alarms' }, { timeout: 10_000 });
    expect(within(figure('Devices in gas alarm')).getByText('1')).toBeInTheDocument();
    expect(within(figure('Alarms open now')).getByText('2')).toBeInTheDocument();
    expect(within(figure('Alarms not yet handled')).getByLabelText('Open or ended, nobody has handled them yet')).toBeInTheDocument();
    await userEvent.click(within(top).getByRole('link', { name: '860000010000023' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(deviceDetailPath(21)));
    expect(screen.queryByText('No alarms in the last 30 days')).not.toBeInTheDocument();
  });

  it.each([
    ['empty', []],
    ['null', null],
  ])('shows an empty state when the most alarming devices are %s', async (_, topDevices) => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 3, permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic({ topDevices }))));
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: '报警最多的设备' }, { timeout: 10_000 });
    expect(within(card).getByText('近 30 天没有报警')).toBeInTheDocument();
    expect(within(card).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('gives a platform user with Enterprise Management alone the company count, nothing about devices (en)', async () => {
    await changeLanguage('en');
    signInAs();
    useBaseHandlers(makeUser({ companyId: null, permission: ['CompanyManagement'] }));
    server.use(
      mock.get('/api/home/statistic', () =>
        ok(
          statistic({ companies: 23456, ...DEVICE_PARTS_HIDDEN }),
        ),
      ),
    );
    renderApp('/dashboard');
    const companies = await screen.findByRole('group', { name: 'Companies' }, { timeout: 10_000 });
    expect(within(companies).getByText('2.35×10⁴')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Devices' })).not.toBeInTheDocument();
    expect(screen.queryByText('Alarm trend')).not.toBeInTheDocument();
    expect(screen.queryByText('Latest alarms')).not.toBeInTheDocument();
    expect(screen.queryByText('Devices by type')).not.toBeInTheDocument();
    expect(screen.queryByText('Devices with the most alarms')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Alarms open now' })).not.toBeInTheDocument();
  });

  it('names the most alarming devices without a link for a user who may not open a device', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: null, permission: ['CompanyManagement'] }));
    // an answer with the device parts (a server that shows them): the detail page is still closed to this user
    server.use(mock.get('/api/home/statistic', () => ok(statistic({ companies: 3 }))));
    renderApp('/dashboard');
    const top = await screen.findByRole('region', { name: '报警最多的设备' }, { timeout: 10_000 });
    expect(within(top).getByText('古墩路调压站')).toBeInTheDocument();
    expect(within(top).queryByRole('link')).not.toBeInTheDocument();
    // 11 figures with the company count: six in the first row, five filling the second
    const spans = [...document.querySelectorAll('.home-figure')].map((card) =>
      Number(/(?:^|\s)ant-col-xl-(\d+)(?:\s|$)/.exec(card.closest('.ant-col')?.className ?? '')?.[1]),
    );
    expect(spans).toEqual([4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 4]);
  });

  it('greets a user who may see no figure without asking for them', async () => {
    signInAs();
    useBaseHandlers(makeUser({ name: 'Nobody', permission: [] }));
    const asked = vi.fn();
    server.use(
      mock.get('/api/home/statistic', () => {
        asked();
        return ok(statistic());
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: '欢迎您，Nobody' }, { timeout: 10_000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: '概况' })).not.toBeInTheDocument();
  });

  it('greets the super administrator still named with the server default by a Chinese title, here and in the account menu', async () => {
    signInAs();
    useBaseHandlers(makeUser({ account: 'admin', name: 'Administrator', isAdmin: true }));
    server.use(mock.get('/api/home/statistic', () => ok(statistic())));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: '欢迎您，系统管理员' }, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /admin/ }));
    expect(await screen.findByRole('menuitem', { name: '系统管理员' })).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded, and loads them on retry', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    let fail = true;
    server.use(
      mock.get('/api/home/statistic', () =>
        fail ? HttpResponse.json({ code: 50000, msg: '服务器错误' }, { status: 500 }) : ok(statistic({ latestAlarms: [] })),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('首页数据加载失败', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('服务器错误')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByRole('group', { name: '设备总数' })).toBeInTheDocument();
    expect(screen.getByText('暂无报警')).toBeInTheDocument();
  });
});
