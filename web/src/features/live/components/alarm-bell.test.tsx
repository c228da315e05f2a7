import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { AlarmRecord, PermissionCode } from '@/types/api';

vi.mock('@/features/dashboard/components/lazy-charts', () => ({ TrendChart: () => null, GroupPie: () => null, GroupBars: () => null }));

setupPageTests();

function alarm(over: Partial<AlarmRecord>): AlarmRecord {
  return {
    id: 11,
    companyId: 5,
    deviceId: 3,
    deviceName: '文三路 3 号井',
    imei: '860000000000011',
    kind: 'gas',
    level: 'high',
    value: 62,
    peak: 64,
    status: 'active',
    stage: 'new',
    startedAt: 1795325266737,
    endedAt: null,
    durationMs: null,
    ackBy: null,
    ackAt: null,
    ackAccount: '',
    handledBy: null,
    handledAt: null,
    handledAccount: '',
    handleNote: '',
    ...over,
  };
}

const HANDLER: PermissionCode[] = ['AlarmManagement', 'AlarmManagement:handle', 'DeviceManagement'];

/** GET /api/alarmLog?stage=new as the server answers it (total counts them all), PUT ack removes one. */
function alarmApi(initial: AlarmRecord[], extra = 0) {
  let list = [...initial];
  const asked: URLSearchParams[] = [];
  const acked: number[] = [];
  server.use(
    mock.get('/api/alarmLog', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return ok({ list, total: list.length + extra, page: 1, pageSize: Number(params.get('pageSize')) });
    }),
    mock.put('/api/alarmLog/:id/ack', ({ params }) => {
      const id = Number(params.id);
      acked.push(id);
      list = list.filter((a) => a.id !== id);
      return ok(alarm({ id, stage: 'acknowledged', ackAt: Date.now() }));
    }),
    // the page under the bar does not matter here
    mock.get('/api/home/statistic', () => ok(null)),
  );
  return { asked, acked };
}

const leak = alarm({});
const fault = alarm({ id: 12, deviceId: 4, deviceName: '教工路 8 号', imei: '860000000000012', kind: 'fault', level: '', value: 0 });

describe('the alarm bell', () => {
  it('counts the alarms awaiting acknowledgement, lists the most severe, acknowledges and opens from the list', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: HANDLER }));
    const api = alarmApi([leak, fault], 10);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: '待确认报警：12 条' }, { timeout: 10_000 });
    const bellQuery = api.asked.find((q) => q.get('pageSize') === '8');
    expect(bellQuery?.getAll('stage')).toEqual(['new']);
    expect(bellQuery?.get('sort')).toBe('severity,startedAt');

    await user.click(bell);
    const list = await screen.findByRole('region', { name: '待确认报警' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('文三路 3 号井');
    expect(within(items[0]).getByText('高报')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('62.0 %LEL');
    expect(within(items[1]).getByText('故障')).toBeInTheDocument();
    expect(within(list).getByText('显示最严重的 2 条，共 12 条')).toBeInTheDocument();

    await user.click(within(items[0]).getByRole('button', { name: '确认报警 #11' }));
    await waitFor(() => expect(api.acked).toEqual([11]));
    // every list of alarms is read again: the bell's count and list follow
    expect(await screen.findByRole('button', { name: '待确认报警：11 条' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    await user.click(within(list).getByRole('link', { name: '查看设备 教工路 8 号' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/DeviceModule/DeviceDetail/4'));
  });

  it('links to the Alarm Center, says when nothing waits, and speaks English', async () => {
    await changeLanguage('en');
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ['AlarmManagement'] }));
    alarmApi([]);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Alarms to acknowledge' }, { timeout: 10_000 }));
    const list = await screen.findByRole('region', { name: 'Alarms to acknowledge' });
    expect(within(list).getByText('No alarm awaits acknowledgement')).toBeInTheDocument();
    await user.click(within(list).getByRole('link', { name: 'Open the Alarm Center' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alarms'));
  });

  it('without the right to acknowledge or open devices: the list only', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ['AlarmManagement'] }));
    alarmApi([leak]);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: '待确认报警：1 条' }, { timeout: 10_000 }));
    const list = await screen.findByRole('region', { name: '待确认报警' });
    expect(within(list).getByText('文三路 3 号井')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /确认报警/ })).not.toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: /查看设备/ })).not.toBeInTheDocument();
  });

  it('is not there without AlarmManagement', async () => {
    signInAs();
    useBaseHandlers(makeUser({ name: 'Viewer', companyId: 5, permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/home/statistic', () => ok(null)));
    renderApp('/dashboard');
    await screen.findByRole('button', { name: '报警提示音' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: /待确认报警/ })).not.toBeInTheDocument();
  });
});
