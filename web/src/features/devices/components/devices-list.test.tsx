import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { makeDevice, makeDeviceParams } from '@/testing/fixtures';
import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { findDialog, makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { Device, PermissionCode } from '@/types/api';

import { devicesQueryOptions } from '../api/get-devices';

import { LIVE_REFRESH_MS } from './device-rules';

const PATH = '/DeviceModule/DeviceManagement';

const params = makeDeviceParams;
const device = (over: Partial<Device>) => makeDevice({ ch4: 123.45, alarmState: 'high', ...over });

const first = device({});
const second = device({
  id: 2,
  imei: '356938035643809',
  name: '莫干山路泵站',
  online: false,
  ch4: null,
  voltage: null,
  signal: 12,
  alarmState: 'normal',
  lastSeenAt: null,
  wanted: params({ alertLow: 15, alertHigh: 35 }),
});

const ALL: PermissionCode[] = [
  'DeviceManagement',
  'DeviceManagement:create',
  'DeviceManagement:update',
  'DeviceManagement:status',
  'DeviceManagement:delete',
  'DeviceManagement:secret',
  'DeviceManagement:param',
  'DeviceManagement:command',
  'DeviceManagement:import',
  'DeviceManagement:export',
];

setupPageTests();

interface Seen {
  lists: URLSearchParams[];
  posts: { path: string; body: unknown }[];
}

function handlers(list: Device[], seen: Seen = { lists: [], posts: [] }) {
  server.use(
    mock.get('/api/device', ({ request }) => {
      seen.lists.push(new URL(request.url).searchParams);
      return ok({ list, total: list.length, page: 1, pageSize: 20 });
    }),
    mock.get('/api/company/simple-list', () => ok([{ id: 5, name: '杭州燃气检测有限公司', status: 1 }])),
    mock.get('/api/deviceClassify', () =>
      ok({
        list: [{ id: 7, name: '红外甲烷探测器', model: 'GT-100', unit: '%LEL', lowThreshold: 20, highThreshold: 50, reportInterval: 5, heartbeatInterval: 60 }],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    ),
    mock.get('/api/regional/tree', () =>
      ok([{ real_id: 330000, code: '330000', name: '浙江省', children: [{ real_id: 330100, code: '330100', name: '杭州市', children: [] }] }]),
    ),
    mock.post('/api/device/set-alert-param', async ({ request }) => {
      seen.posts.push({ path: 'set-alert-param', body: await request.json() });
      return ok([]);
    }),
    mock.post('/api/device', async ({ request }) => {
      const body = (await request.json()) as Device;
      seen.posts.push({ path: 'device', body });
      return ok({ ...device({ id: 9, imei: body.imei, name: body.name }), secret: 'S3cr3tS3cr3tS3cr3tS3cr3tS3cr3t12' });
    }),
  );
  return seen;
}

async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

/** Chooses an action of a row's More menu. */
async function openMore(user: ReturnType<typeof userEvent.setup>, imei: string, action: string) {
  await user.click(within(await findRow(imei)).getByRole('button', { name: `更多操作 ${imei}` }));
  const item = (await moreItems()).find((i) => i.textContent === action);
  await user.click(item!);
}

/** The items of the open More menu (the sidebar's menu aside). */
async function moreItems(): Promise<HTMLElement[]> {
  const items = await screen.findAllByRole('menuitem');
  return items.filter((i) => i.closest('.ant-dropdown') !== null && !i.closest('.ant-dropdown-hidden'));
}

describe('Alarm Device Management', () => {
  it('shows the live state by the display rules, and the pending thresholds', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    handlers([first, second]);
    renderApp(PATH);

    const row = await findRow(first.imei);
    expect(within(row).getByText('100.0')).toBeInTheDocument(); // methane capped
    // the signal as bars, its value and meaning in the tooltip (and the accessible name)
    expect(within(row).getByRole('img', { name: 'CSQ 21 · 能够稳定上网' })).toBeInTheDocument();
    expect(within(row).getByText('5 分钟前')).toBeInTheDocument();
    expect(within(row).getByText('高报')).toBeInTheDocument();
    expect(within(row).getByText('20.0 / 50.0')).toBeInTheDocument();
    expect(within(row).queryByText(/待确认/)).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: `详情 ${first.imei}` })).toHaveAttribute('href', '/DeviceModule/DeviceDetail/1');

    const other = await findRow(second.imei);
    expect(within(other).getByRole('img', { name: 'CSQ 12 · 网络不稳定，误码较多' })).toBeInTheDocument();
    expect(within(other).getByText('从未上报')).toBeInTheDocument();
    // confirmed values, and the wanted ones marked pending
    expect(within(other).getByText('20.0 / 50.0')).toBeInTheDocument();
    expect(within(other).getByText('待确认 15.0 / 35.0')).toBeInTheDocument();
  });

  it('asks for the alarming devices first; the less used columns wait in the column settings, remembered', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    const seen = handlers([first, second]);
    const { unmount } = renderApp(PATH);
    let row = await findRow(first.imei);
    expect(seen.lists.at(-1)!.get('sort')).toBe('severity,-createdAt');
    expect(screen.getByRole('combobox', { name: '排序' })).toBeInTheDocument();
    expect(screen.getByTitle('报警优先')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '电压' })).not.toBeInTheDocument();
    expect(within(row).queryByText('3.62 V')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '列设置' }));
    await user.click(await screen.findByRole('checkbox', { name: '电压' }));
    await user.click(screen.getByRole('checkbox', { name: '在线状态' }));
    row = await findRow(first.imei);
    expect(within(row).getByText('3.62 V')).toBeInTheDocument();
    expect(within(row).getByText('在线')).toBeInTheDocument();
    expect(localStorage.getItem('gas_admin_table:alice:/DeviceModule/DeviceManagement')).toContain('"hidden":["type","regionName"]');

    unmount();
    renderApp(PATH);
    row = await findRow(first.imei);
    expect(within(row).getByText('3.62 V')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '电压' })).toBeInTheDocument();
  });

  it('keeps Detail and Edit in the row, the rest in a More menu, delete last and confirmed', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    let deleted = 0;
    handlers([first, second]);
    server.use(
      mock.delete('/api/device/:id', ({ params: p }) => {
        deleted = Number(p.id);
        return ok(null);
      }),
    );
    renderApp(PATH);
    const row = await findRow(second.imei);
    expect(within(row).getByRole('link', { name: `详情 ${second.imei}` })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `编辑 ${second.imei}` })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: `删除 ${second.imei}` })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `更多操作 ${second.imei}` }));
    const items = await moreItems();
    expect(items.map((i) => i.textContent)).toEqual(['参数', '指令', '重置密钥', '删除']);
    await user.click(items[3]);
    const confirm = await findDialog('删除设备');
    expect(confirm).toHaveTextContent(second.name);
    expect(deleted).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await vi.waitFor(() => expect(deleted).toBe(2));
    expect(await screen.findByText('设备已删除')).toBeInTheDocument();
  });

  it('asks again on an interval while visible', () => {
    const options = devicesQueryOptions({ page: 1 });
    expect(options.refetchInterval).toBe(LIVE_REFRESH_MS);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  it('sends the filters of the URL; a company user has no company filter or column', async () => {
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ['DeviceManagement'] }));
    const seen = handlers([first]);
    renderApp(`${PATH}?imei=4901&typeId=7&region=330000&region=330100&online=1&alarmState=high&alarmState=low&companyId=3`);
    const row = await findRow(first.imei);
    const query = seen.lists.at(-1)!;
    expect(query.get('imei')).toBe('4901');
    expect(query.get('typeId')).toBe('7');
    expect(query.get('provinceCode')).toBe('330000');
    expect(query.get('cityCode')).toBe('330100');
    expect(query.get('online')).toBe('1');
    expect(query.getAll('alarmState')).toEqual(['high', 'low']);
    expect(query.has('companyId')).toBe(false);
    expect(screen.queryByRole('columnheader', { name: '所属企业' })).not.toBeInTheDocument();
    // without the codes: no buttons, no selection, the status as a tag
    expect(within(row).queryByRole('button', { name: `编辑 ${first.imei}` })).not.toBeInTheDocument();
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });

  it('sets the thresholds of the selected rows at once, checked before any call', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    const seen = handlers([first, second]);
    renderApp(PATH);
    await user.click(within(await findRow(first.imei)).getByRole('checkbox'));
    await user.click(within(await findRow(second.imei)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量设置参数（2）/ }));
    const dialog = await findDialog('批量设置参数（2 台设备）');
    const low = within(dialog).getByLabelText('低报阈值 (%LEL)');
    const high = within(dialog).getByLabelText('高报阈值 (%LEL)');
    await user.type(low, '40');
    await user.type(high, '30');
    await user.click(within(dialog).getAllByRole('button', { name: /下\s*发/ })[0]);
    expect(await within(dialog).findByText('高报阈值须大于低报阈值')).toBeInTheDocument();
    expect(seen.posts).toEqual([]);
    await user.clear(low);
    await user.type(low, '15.5');
    await user.clear(high);
    await user.type(high, '35');
    await user.click(within(dialog).getAllByRole('button', { name: /下\s*发/ })[0]);
    await vi.waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({ path: 'set-alert-param', body: { deviceIds: [1, 2], alertLow: 15.5, alertHigh: 35 } });
    expect(await screen.findByText('参数已下发，等待设备确认')).toBeInTheDocument();
  });

  it('checks the IMEI before any call, then shows the new secret once', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ALL }));
    const seen = handlers([]);
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: /新\s*增/ }, { timeout: 10_000 }));
    const dialog = await findDialog('新增设备');
    await user.type(within(dialog).getByLabelText('IMEI'), '490154203237517');
    await user.type(within(dialog).getByLabelText('设备名称'), '新设备');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('IMEI 校验位不正确，请核对')).toBeInTheDocument();
    expect(seen.posts).toEqual([]);
    await user.clear(within(dialog).getByLabelText('IMEI'));
    await user.type(within(dialog).getByLabelText('IMEI'), '490154203237518');
    expect(within(dialog).queryByText('IMEI 校验位不正确，请核对')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('设备类型'));
    await user.click(await screen.findByTitle('红外甲烷探测器 GT-100'));
    await user.click(within(dialog).getByLabelText('所在地区'));
    await user.click(await screen.findByTitle('浙江省'));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await vi.waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0].body).toMatchObject({ imei: '490154203237518', name: '新设备', typeId: 7, provinceCode: '330000' });
    expect(seen.posts[0].body).not.toHaveProperty('companyId');
    const shown = await findDialog('设备密钥');
    expect(within(shown).getByText('S3cr3tS3cr3tS3cr3tS3cr3tS3cr3t12')).toBeInTheDocument();
    expect(within(shown).getByText(/只显示这一次/)).toBeInTheDocument();
    await user.click(within(shown).getAllByRole('button', { name: /关\s*闭/ })[0]);
    await vi.waitFor(() => expect(screen.queryByText('S3cr3tS3cr3tS3cr3tS3cr3tS3cr3t12')).not.toBeInTheDocument());
  });

  it('lists every bad row of a refused import and says nothing was written', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ALL }));
    handlers([]);
    let mode: FormDataEntryValue | null = null;
    server.use(
      mock.post('/api/device/import', async ({ request }) => {
        mode = (await request.formData()).get('mode');
        return HttpResponse.json(
          {
            code: 42200,
            msg: '数据校验失败',
            errors: [
              { row: 4, field: 'model', msg: '未知的设备型号' },
              { row: 3, field: 'imei', msg: 'IMEI 校验位不正确' },
            ],
            data: { created: 0, updated: 0, failed: 2 },
          },
          { status: 422 },
        );
      }),
    );
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: /导入设备/ }, { timeout: 10_000 }));
    const dialog = await findDialog('导入设备');
    expect(within(dialog).getByRole('button', { name: /下载导入模板/ })).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('新增或更新（已存在的 IMEI 更新）'));
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['xlsx bytes'], 'devices.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    await user.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    const result = await findDialog('导入设备 · 导入结果');
    expect(await within(result).findByText('文件中有 2 处错误，没有写入任何数据。请修改后重新导入。')).toBeInTheDocument();
    const rows = within(result).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['3', 'IMEI', 'IMEI 校验位不正确'],
      ['4', '设备型号', '未知的设备型号'],
    ]);
    expect(mode).toBe('upsert');
  });

  it('the edit and parameter dialogs show the chosen device each time', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ companyId: 5, permission: ALL }));
    handlers([first, second]);
    renderApp(PATH);
    await user.click(within(await findRow(first.imei)).getByRole('button', { name: `编辑 ${first.imei}` }));
    let dialog = await findDialog('编辑设备');
    expect(within(dialog).getByLabelText('设备名称')).toHaveValue(first.name);
    expect(within(dialog).getByLabelText('IMEI')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await user.click(within(await findRow(second.imei)).getByRole('button', { name: `编辑 ${second.imei}` }));
    dialog = await findDialog('编辑设备');
    await vi.waitFor(() => expect(within(dialog).getByLabelText('设备名称')).toHaveValue(second.name));

    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await openMore(user, second.imei, '参数');
    dialog = await findDialog(`设置参数 · ${second.name}`);
    expect(within(dialog).getByLabelText('低报阈值 (%LEL)')).toHaveValue('15.0');
    expect(within(dialog).getByText('待确认')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: /关\s*闭/ }).at(-1)!);
    await openMore(user, first.imei, '参数');
    dialog = await findDialog(`设置参数 · ${first.name}`);
    await vi.waitFor(() => expect(within(dialog).getByLabelText('低报阈值 (%LEL)')).toHaveValue('20.0'));
    expect(within(dialog).queryByText('待确认')).not.toBeInTheDocument();
  });
});
