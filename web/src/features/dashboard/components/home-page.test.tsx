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

import { DEVICE_COUNTS, DEVICE_PARTS_HIDDEN } from '../testing/statistic';

// echarts needs a canvas, which jsdom lacks: the charts are replaced by what they would draw.
vi.mock('./lazy-charts', () => ({
  TrendChart: ({ trend }: { trend: { days: string[]; series: { kind: string; data: number[] }[] } }) => (
    <div data-testid="trend-chart">{`${trend.days.length} days: ${trend.series.map((s) => `${s.kind}=${s.data.join(',')}`).join(' ')}`}</div>
  ),
  GroupPie: ({ groups }: { groups: { name: string; count: number }[] }) => (
    <div data-testid="type-chart">{groups.map((g) => `${g.name}:${g.count}`).join(' ')}</div>
  ),
  GroupBars: ({ groups }: { groups: { name: string; count: number }[] }) => (
    <div data-testid="province-chart">{groups.map((g) => `${g.name}:${g.count}`).join(' ')}</div>
  ),
}));

const now = dayjs().hour(12).valueOf();
const day = (ago: number) => dayjs(now).startOf('day').subtract(ago, 'day').valueOf();

function statistic(over: Partial<HomeStatistic> = {}): HomeStatistic {
  return {
    companies: null,
    ...DEVICE_COUNTS,
    activeAlarms: 0,
    topDevices: [],
    today: '2026-11-25',
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
    generatedAt: now,
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
    expect(within(figure('报警中')).getByText('1')).toBeInTheDocument();
    expect(within(figure('故障设备')).getByText('0')).toBeInTheDocument();
    expect(within(figure('低电量设备')).getByText('2')).toBeInTheDocument();
    expect(within(figure('今日数据')).getByText('12.35万')).toBeInTheDocument();
    expect(within(figure('今日报警')).getByText('4')).toBeInTheDocument();
    expect(within(figure('未处理报警')).getByText('5')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '企业总数' })).not.toBeInTheDocument();

    // the trend: 7 days at first, 30 on demand
    expect(screen.getByTestId('trend-total')).toHaveTextContent('共 4 次');
    expect(await screen.findByTestId('trend-chart')).toHaveTextContent(/^7 days: gas=0,0,0,0,0,0,3 offline=0,0,0,0,1,0,0/);
    await userEvent.click(screen.getByText('近 30 天'));
    expect(screen.getByTestId('trend-total')).toHaveTextContent('共 10 次');
    expect(screen.getByTestId('trend-chart')).toHaveTextContent(/^30 days: /);

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
