import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { findDialog, makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { PermissionCode } from '@/types/api';

import { makeDeviceType } from '../testing/fixtures';
import type { DeviceTypeInput } from '../types';

const PATH = '/DeviceTypeModule/DeviceTypeManagement';

const gt100 = makeDeviceType({
  // Whatever the description holds, the table shows its text only.
  description: '<p>安装于<strong>厨房</strong><img src="x" onerror="window.__pwned = true"></p>',
});

const ALL: PermissionCode[] = [
  'DeviceTypeManagement',
  'DeviceTypeManagement:create',
  'DeviceTypeManagement:update',
  'DeviceTypeManagement:delete',
  'DeviceTypeManagement:export',
];

setupPageTests();

function handlers(seen: URL[] = [], posted: DeviceTypeInput[] = [], answer: () => Response = () => ok({ ...gt100, id: 9 })) {
  server.use(
    mock.get('/api/deviceClassify', ({ request }) => {
      seen.push(new URL(request.url));
      return ok({ list: [gt100], total: 1, page: 1, pageSize: 20 });
    }),
    mock.post('/api/deviceClassify', async ({ request }) => {
      posted.push((await request.json()) as DeviceTypeInput);
      return answer();
    }),
  );
}

async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('Device Type Management', () => {
  it('sends the URL filters and shows thresholds with one decimal, minutes, and the description as text only', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    const seen: URL[] = [];
    handlers(seen);
    renderApp(`${PATH}?name=甲烷&unit=%25LEL&unit=ppm&communication=4G&created=2026-11-01&created=2026-11-02&sort=model`);
    const row = await findRow('GT-100');
    const params = seen[0].searchParams;
    expect(params.get('name')).toBe('甲烷');
    expect(params.getAll('unit')).toEqual(['%LEL', 'ppm']);
    expect(params.getAll('communication')).toEqual(['4G']);
    expect(params.get('sort')).toBe('model');
    const [from, to] = params.getAll('createdAt');
    expect(from).toMatch(/^\$gte:\d{13}$/);
    expect(to).toMatch(/^\$lte:\d{13}$/);
    expect(Number(to.slice(6)) - Number(from.slice(6))).toBe(2 * 86_400_000 - 1);

    expect(row).toHaveTextContent('12.5');
    expect(row).toHaveTextContent('25.0');
    expect(row).toHaveTextContent('0 ~ 100');
    expect(row).toHaveTextContent('5 分钟');
    expect(row).toHaveTextContent('60 分钟');
    expect(row).toHaveTextContent('安装于厨房');
    expect(row.querySelector('img, strong')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    // the filters are back in the form
    expect(within(screen.getByRole('search')).getByLabelText('类型名称')).toHaveValue('甲烷');
  });

  it('shows only the buttons whose codes the user holds', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceTypeManagement', 'DeviceTypeManagement:update'] }));
    handlers();
    renderApp(PATH);
    const row = await findRow('GT-100');
    expect(within(row).getByRole('button', { name: '编辑 GT-100' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '删除 GT-100' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });

  it('checks the rules per field before any call, then puts a 409 on the model and a 422 under its field', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    const posted: DeviceTypeInput[] = [];
    let answer = () => HttpResponse.json({ code: 40900, msg: '该型号已存在' }, { status: 409 });
    handlers([], posted, () => answer());
    renderApp(PATH);
    await findRow('GT-100');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await findDialog('新增设备类型');
    // defaults of a new type
    expect(within(dialog).getByLabelText('检测气体')).toHaveValue('CH4');
    expect(within(dialog).getByLabelText('默认低报阈值')).toHaveValue('20.0');
    expect(within(dialog).getByRole('textbox', { name: '描述' })).toHaveAttribute('contenteditable', 'true');

    await user.type(within(dialog).getByLabelText('类型名称'), '催化燃烧探测器');
    await user.type(within(dialog).getByLabelText('型号'), 'GT-100');
    const low = within(dialog).getByLabelText('默认低报阈值');
    const high = within(dialog).getByLabelText('默认高报阈值');
    await user.clear(low);
    await user.type(low, '20.25');
    await user.clear(high);
    await user.type(high, '120');
    const report = within(dialog).getByLabelText('上报间隔');
    await user.clear(report);
    await user.type(report, '90');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(
      () => expect(errors()).toEqual(expect.arrayContaining(['最多一位小数', '高报阈值不能大于量程上限', '心跳间隔不能小于上报间隔'])),
      { timeout: 8000 },
    );
    expect(posted).toEqual([]);

    await user.clear(low);
    await user.type(low, '12.5');
    await user.clear(high);
    await user.type(high, '50');
    await user.clear(report);
    await user.type(report, '5');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errors()).toContain('该型号已存在'), { timeout: 8000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      name: '催化燃烧探测器',
      model: 'GT-100',
      gas: 'CH4',
      unit: '%LEL',
      rangeMin: 0,
      rangeMax: 100,
      lowThreshold: 12.5,
      highThreshold: 50,
      reportInterval: 5,
      heartbeatInterval: 60,
      communication: 'NB-IoT',
      description: '',
    });
    // the 409 sits under the model field, not in a banner
    const modelItem = within(dialog).getByLabelText('型号').closest('.ant-form-item');
    expect(modelItem).toHaveTextContent('该型号已存在');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    answer = () =>
      HttpResponse.json(
        { code: 42200, msg: '数据校验失败', errors: [{ field: 'highThreshold', msg: '报警阈值须在量程之内' }] },
        { status: 422 },
      );
    await user.clear(within(dialog).getByLabelText('型号'));
    await user.type(within(dialog).getByLabelText('型号'), 'GT-300');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(high.closest('.ant-form-item')).toHaveTextContent('报警阈值须在量程之内'), { timeout: 8000 });
    expect(posted).toHaveLength(2);
  });

  it('opens each dialog with its own values: an edit after a cancelled create shows the type and its description', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ permission: ALL }));
    handlers();
    renderApp(PATH);
    const row = await findRow('GT-100');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const created = await findDialog('新增设备类型');
    await user.type(within(created).getByLabelText('类型名称'), '草稿');
    await user.click(within(created).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(created).not.toBeVisible());

    await user.click(within(row).getByRole('button', { name: '编辑 GT-100' }));
    const edit = await findDialog('编辑设备类型');
    expect(within(edit).getByLabelText('类型名称')).toHaveValue('红外甲烷探测器');
    expect(within(edit).getByLabelText('默认低报阈值')).toHaveValue('12.5');
    const editor = within(edit).getByRole('textbox', { name: '描述' });
    await waitFor(() => expect(editor.querySelector('strong')).toHaveTextContent('厨房'));
    // the editor parses the description into its own schema: the injected handler is gone
    expect(editor.innerHTML).not.toContain('onerror');
    await user.click(within(edit).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(edit).not.toBeVisible());

    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const again = await findDialog('新增设备类型');
    expect(within(again).getByLabelText('类型名称')).toHaveValue('');
    expect(within(again).getByLabelText('默认低报阈值')).toHaveValue('20.0');
    expect(within(again).getByRole('textbox', { name: '描述' }).querySelector('strong')).toBeNull();
  });
});
