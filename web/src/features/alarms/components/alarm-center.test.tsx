import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock } from 'msw';
import { describe, expect, it } from 'vitest';

import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { findDialog, makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { PermissionCode } from '@/types/api';

import type { Alarm } from '../types';

const PATH = '/alarms';
/** The OK button of dialogs and confirmations (common.confirm). */
const OK = /确\s*定/;
const HANDLER: PermissionCode[] = ['AlarmManagement', 'AlarmManagement:handle', 'AlarmManagement:export'];

function alarm(over: Partial<Alarm>): Alarm {
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

const fresh = alarm({});
const second = alarm({ id: 12, deviceId: 4, deviceName: '教工路 8 号', imei: '860000000000012', kind: 'fault', level: '' });
const acked = alarm({ id: 13, stage: 'acknowledged', ackAt: 1795325300000, ackBy: 2, ackAccount: 'alice' });

setupPageTests();

/** The top bar's bell (features/live) reads the first 8 new alarms: not a call of this page. */
const BELL_PAGE_SIZE = '8';

/**
 * The list call's queries, and the bodies of the bulk acknowledgements. The tabs' counts are one call
 * (GET /api/alarmLog/stageCounts), answered with `totals` and recorded apart.
 */
function handlers(list: Alarm[], totals: Partial<Record<string, number>> = {}) {
  const asked: URLSearchParams[] = [];
  const counted: URLSearchParams[] = [];
  const bulk: unknown[] = [];
  server.use(
    mock.get('/api/alarmLog/stageCounts', ({ request }) => {
      counted.push(new URL(request.url).searchParams);
      return ok({ new: totals.new ?? 0, acknowledged: totals.acknowledged ?? 0, waiting: totals.waiting ?? 0 });
    }),
    mock.get('/api/alarmLog', ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('pageSize') !== BELL_PAGE_SIZE) asked.push(params);
      return ok({ list, total: list.length, page: 1, pageSize: 20 });
    }),
    mock.put('/api/alarmLog/ack', async ({ request }) => {
      bulk.push(await request.json());
      return ok({ acknowledged: [11], skipped: [12] });
    }),
  );
  return { asked, counted, bulk, last: () => asked.at(-1) ?? new URLSearchParams() };
}

/** A tab by its stage's words, with or without its count ("已确认（2）"). */
const tabName = (label: string) => new RegExp(`^${label}(（\\d+）)?$`);

async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('Alarm Center', () => {
  it('opens on New, most severe and oldest first; each tab sends its stage, All sends none', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: HANDLER }));
    const api = handlers([fresh]);
    const user = userEvent.setup();
    const { router } = renderApp(PATH);
    const row = await findRow('文三路 3 号井');
    expect(within(row).getByText('高报')).toBeInTheDocument();
    expect(within(row).getByText('报警中 · 待确认')).toBeInTheDocument();
    expect(within(row).getByText('64.0 %LEL')).toBeInTheDocument();
    expect(api.last().getAll('stage')).toEqual(['new']);
    expect(api.last().get('sort')).toBe('severity,startedAt');

    const tabs = screen.getByRole('tablist');
    for (const [label, stage] of [
      ['已确认', 'acknowledged'],
      ['已结束待处理', 'waiting'],
      ['已处理', 'handled'],
    ] as const) {
      await user.click(within(tabs).getByRole('tab', { name: tabName(label) }));
      await waitFor(() => expect(api.last().getAll('stage')).toEqual([stage]));
      expect(router.state.location.search).toBe(`?stage=${stage}`);
    }
    await user.click(within(tabs).getByRole('tab', { name: tabName('全部') }));
    await waitFor(() => expect(router.state.location.search).toBe('?stage=all'));
    await waitFor(() => expect(api.last().getAll('stage')).toEqual([]));
    await user.click(within(tabs).getByRole('tab', { name: tabName('待确认') }));
    await waitFor(() => expect(api.last().getAll('stage')).toEqual(['new']));
    expect(router.state.location.search).toBe('');
  });

  it("shows each stage's count on its tab, under the page's filters", async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: HANDLER }));
    const api = handlers([fresh], { new: 3, acknowledged: 1, waiting: 0 });
    renderApp(`${PATH}?kind=gas`);
    await findRow('文三路 3 号井');
    const tabs = screen.getByRole('tablist');
    expect(await within(tabs).findByRole('tab', { name: '待确认（3）' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: '已确认（1）' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: '已结束待处理（0）' })).toBeInTheDocument();
    // handled alarms are the history: no count
    expect(within(tabs).getByRole('tab', { name: '已处理' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: '全部' })).toBeInTheDocument();
    // one call for every tab, with the page's filters and no stage, page or sort
    expect(api.counted.length).toBeGreaterThan(0);
    for (const q of api.counted) {
      expect(q.getAll('kind')).toEqual(['gas']);
      expect(q.getAll('stage')).toEqual([]);
    }
  });

  it('sends the URL filters and keeps the tab on search', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: null, permission: HANDLER }));
    server.use(mock.get('/api/company/simple-list', () => ok([{ id: 5, name: '杭州燃气检测有限公司', status: 1 }])));
    const api = handlers([fresh]);
    const user = userEvent.setup();
    const { router } = renderApp(`${PATH}?stage=waiting&kind=gas&level=high&companyId=5&region=330000&region=330100&imei=0011&time=2026-11-01&time=2026-11-22`);
    await findRow('文三路 3 号井');
    const q = api.last();
    expect(q.getAll('stage')).toEqual(['waiting']);
    expect(q.getAll('kind')).toEqual(['gas']);
    expect(q.getAll('level')).toEqual(['high']);
    expect(q.getAll('companyId')).toEqual(['5']);
    expect(q.getAll('provinceCode')).toEqual(['330000']);
    expect(q.getAll('cityCode')).toEqual(['330100']);
    expect(q.get('imei')).toBe('0011');
    const range = q.getAll('startedAt');
    expect(range[0]).toMatch(/^\$gte:\d+$/);
    expect(range[1]).toMatch(/^\$lte:\d+$/);

    await user.click(within(screen.getByRole('search')).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?stage=waiting'));
  });

  it('acknowledges the selected alarms in one call and says how many were acknowledged and skipped', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: HANDLER }));
    const api = handlers([fresh, second]);
    const user = userEvent.setup();
    renderApp(PATH);
    await findRow('文三路 3 号井');
    await user.click(screen.getByRole('checkbox', { name: '选择报警 #11' }));
    await user.click(screen.getByRole('checkbox', { name: '选择报警 #12' }));
    await user.click(screen.getByRole('button', { name: /确认所选（2）/ }));
    const pop = await screen.findByText('确认所选的 2 条报警？');
    await user.click(within(pop.closest('.ant-popover') as HTMLElement).getByRole('button', { name: OK }));
    await waitFor(() => expect(api.bulk).toEqual([{ ids: [11, 12] }]));
    expect(await screen.findByText(/已确认 1 条，跳过 1 条/)).toBeInTheDocument();
  });

  it('asks for a note before handling', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: HANDLER }));
    handlers([acked]);
    const handled: unknown[] = [];
    server.use(
      mock.put('/api/alarmLog/13/handle', async ({ request }) => {
        handled.push(await request.json());
        return ok({ ...acked, stage: 'handled' });
      }),
    );
    const user = userEvent.setup();
    renderApp(`${PATH}?stage=acknowledged`);
    await findRow('文三路 3 号井');
    await user.click(screen.getByRole('button', { name: '处理报警 #13' }));
    const dialog = await findDialog('处理报警');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeInTheDocument();
    expect(handled).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('处理说明'), '   ');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(handled).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('处理说明'));
    await user.type(within(dialog).getByLabelText('处理说明'), ' 已关阀通风 ');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(handled).toEqual([{ note: '已关阀通风' }]));
  });

  it('without AlarmManagement:handle or :export: no acknowledge, handle, selection or export', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ['AlarmManagement'] }));
    handlers([fresh, acked]);
    renderApp(`${PATH}?stage=all`);
    const row = await findRow('报警中 · 待确认');
    expect(within(row).queryByRole('button', { name: /确认报警/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /处理报警/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /确认所选/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    // no DeviceManagement: the device page would be refused, so no link to it
    expect(screen.queryByRole('link', { name: /查看设备/ })).not.toBeInTheDocument();
  });

  it('with the codes: acknowledge on a new alarm, handle on an acknowledged one, export, open device', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: [...HANDLER, 'DeviceManagement'] }));
    handlers([fresh, acked]);
    renderApp(`${PATH}?stage=all`);
    await findRow('报警中 · 已确认');
    expect(screen.getByRole('button', { name: '确认报警 #11' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '确认报警 #13' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '处理报警 #13' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '查看设备 文三路 3 号井' })[0]).toHaveAttribute('href', '/DeviceModule/DeviceDetail/3');
  });
});
