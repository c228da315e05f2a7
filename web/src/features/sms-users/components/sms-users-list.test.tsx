import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { changeLanguage } from '@/lib/i18n';
import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { findDialog, makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { PermissionCode } from '@/types/api';

import { makeSmsUser } from '../testing/fixtures';
import type { DeviceOption, SmsUser } from '../types';

const PATH = '/SmsUserModule/SmsUserManagement';
const CODES: PermissionCode[] = [
  'SmsUserManagement',
  'SmsUserManagement:create',
  'SmsUserManagement:update',
  'SmsUserManagement:status',
  'SmsUserManagement:delete',
];

function smsUser(over: Partial<SmsUser>): SmsUser {
  return makeSmsUser({
    companyName: '杭州燃气检测有限公司',
    deviceIds: [3, 4, 9],
    devices: [...makeSmsUser().devices, { id: 9, name: '三号探头', imei: '860000000000009' }],
    language: 'zh-CN',
    remark: '',
    createdAt: 1795325266737,
    updatedAt: 1795325266737,
    ...over,
  });
}

const zhang = smsUser({});
const li = smsUser({ id: 8, name: '李四', phone: '13900139000', scope: 'all', devices: [], deviceIds: [], quietStart: '', quietEnd: '', escalationLevel: 0 });

const options: DeviceOption[] = [
  { id: 3, name: '一号探头', imei: '860000000000001', companyId: 5, address: '' },
  { id: 11, name: '文三路 3 号井', imei: '860000000000011', companyId: 5, address: '' },
];

setupPageTests();

interface Asked {
  lists: URLSearchParams[];
  other: string[];
  bodies: unknown[];
}

function handlers(list: SmsUser[], asked: Asked, answer?: () => Response) {
  server.use(
    mock.get('/api/smsUser', ({ request }) => {
      asked.lists.push(new URL(request.url).searchParams);
      return ok({ list, total: list.length, page: 1, pageSize: 20 });
    }),
    mock.get('/api/smsUser/device-options', ({ request }) => {
      asked.other.push(`device-options${new URL(request.url).search}`);
      return ok(options);
    }),
    mock.get('/api/company/simple-list', () => {
      asked.other.push('simple-list');
      return ok([{ id: 5, name: '杭州燃气检测有限公司', status: 1 }]);
    }),
    mock.post('/api/smsUser', async ({ request }) => {
      asked.bodies.push(await request.json());
      return answer ? answer() : ok(smsUser({ id: 99 }));
    }),
  );
}

async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('Notification User Management', () => {
  it('for a platform user: the company column, URL filters sent, scope and quiet hours summarised', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: CODES }));
    const asked: Asked = { lists: [], other: [], bodies: [] };
    handlers([zhang, li], asked);
    renderApp(`${PATH}?companyId=5&escalationLevel=2&phone=1380`);
    const row = await findRow('张三');
    expect(screen.getByRole('columnheader', { name: '所属企业' })).toBeInTheDocument();
    expect(within(row).getByText('杭州燃气检测有限公司')).toBeInTheDocument();
    expect(within(row).getByText('3 台设备')).toBeInTheDocument();
    expect(within(row).getByText(/一号探头、二号探头/)).toBeInTheDocument();
    expect(within(row).getByText('22:00–次日 07:00')).toBeInTheDocument();
    expect(within(row).getByText('二级')).toBeInTheDocument();
    expect(within(row).getByText('甲烷报警（仅高报）')).toBeInTheDocument();
    const other = await findRow('李四');
    expect(within(other).getByText('企业全部设备')).toBeInTheDocument();
    expect(within(other).getByText('无')).toBeInTheDocument();
    const query = asked.lists[asked.lists.length - 1];
    expect(query.get('companyId')).toBe('5');
    expect(query.get('escalationLevel')).toBe('2');
    expect(query.get('phone')).toBe('1380');
    expect(asked.other).toContain('simple-list');
  });

  it('in English: kinds, quiet hours and escalation level in words', async () => {
    await changeLanguage('en');
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: CODES }));
    handlers([zhang], { lists: [], other: [], bodies: [] });
    renderApp(PATH);
    const row = await findRow('张三');
    expect(within(row).getByText('Methane alarm (High only)')).toBeInTheDocument();
    expect(within(row).getByText('Device offline')).toBeInTheDocument();
    expect(within(row).getByText('22:00–next day 07:00')).toBeInTheDocument();
    expect(within(row).getByText('3 devices')).toBeInTheDocument();
    expect(within(row).getByText(/and 1 more/)).toBeInTheDocument();
    expect(within(row).getByText('Level 2')).toBeInTheDocument();
  });

  it('for a company user: no company column or call, buttons only for the codes held', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: ['SmsUserManagement', 'SmsUserManagement:update'] }));
    const asked: Asked = { lists: [], other: [], bodies: [] };
    handlers([zhang], asked);
    renderApp(`${PATH}?companyId=6`);
    const row = await findRow('张三');
    expect(screen.queryByRole('columnheader', { name: '所属企业' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '编辑 张三' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '删除 张三' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '短信记录 张三' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
    expect(asked.other).not.toContain('simple-list');
    expect(asked.lists[asked.lists.length - 1].get('companyId')).toBeNull();
  });

  it('creates one: a landline is refused before any call, devices come from device-options, a 422 lands on its field', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: CODES }));
    const asked: Asked = { lists: [], other: [], bodies: [] };
    let refuse = true;
    handlers([zhang], asked, () =>
      refuse
        ? HttpResponse.json(
            { code: 42200, msg: '参数错误', data: null, errors: [{ field: 'phone', msg: '该号码已停机' }] },
            { status: 422 },
          )
        : ok(smsUser({ id: 99 })),
    );
    renderApp(PATH);
    await findRow('张三');
    await user.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await findDialog('新增通知用户');
    expect(within(dialog).getByText(/甲烷高报（含报警升级和提醒）不受免打扰限制/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('姓名'), '王五');
    await user.type(within(dialog).getByLabelText('手机号'), '057188886666');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入有效的 11 位手机号码（固定电话收不到短信）')).toBeInTheDocument();
    expect(asked.bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText('手机号'));
    await user.type(within(dialog).getByLabelText('手机号'), '13700137000');
    await user.click(within(dialog).getByRole('radio', { name: '指定设备' }));
    await vi.waitFor(() => expect(asked.other.some((q) => q.startsWith('device-options'))).toBe(true));
    expect(asked.other.find((q) => q.startsWith('device-options'))).not.toContain('companyId');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择至少一台设备')).toBeInTheDocument();
    expect(asked.bodies).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: '全部设备' }));
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该号码已停机')).toBeInTheDocument();
    expect(asked.bodies[0]).toEqual({
      name: '王五',
      phone: '13700137000',
      alarmKinds: ['gas', 'lowBattery', 'fault', 'offline'],
      gasMinLevel: 'low',
      scope: 'all',
      quietStart: '',
      quietEnd: '',
      notifyOnEnd: false,
      escalationLevel: 0,
      language: 'zh-CN',
      remark: '',
    });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('通知用户已创建')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("a user's messages: the records page filtered by its phone", async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: [...CODES, 'SmsSendRecordManagement'] }));
    handlers([zhang], { lists: [], other: [], bodies: [] });
    const asked: string[] = [];
    server.use(
      mock.get('/api/smsSendLog', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('phone') ?? '');
        return ok({ list: [], total: 0, page: 1, pageSize: 20 });
      }),
    );
    const { router } = renderApp(PATH);
    const row = await findRow('张三');
    await user.click(within(row).getByRole('button', { name: '短信记录 张三' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/SmsSendRecordModule/SmsSendRecordManagement'));
    expect(router.state.location.search).toBe('?phone=13800138000');
    await vi.waitFor(() => expect(asked).toContain('13800138000'));
  });

  it('the edit dialog shows the chosen user with its devices', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: CODES }));
    const asked: Asked = { lists: [], other: [], bodies: [] };
    handlers([zhang, li], asked);
    renderApp(PATH);
    for (const [name, phone] of [
      ['张三', '13800138000'],
      ['李四', '13900139000'],
    ]) {
      const row = await findRow(name);
      await user.click(within(row).getByRole('button', { name: `编辑 ${name}` }));
      const dialog = await findDialog('编辑通知用户');
      expect(within(dialog).getByLabelText('手机号')).toHaveValue(phone);
      if (name === '张三') {
        expect(within(dialog).getByRole('radio', { name: '指定设备' })).toBeChecked();
        expect(within(dialog).getByText('二号探头（860000000000002）')).toBeInTheDocument();
      } else {
        expect(within(dialog).getByRole('radio', { name: '全部设备' })).toBeChecked();
      }
      await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('edits a user of chosen regions and quiet hours: both shown, saved unchanged as codes and HH:MM; one time alone is refused', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: CODES }));
    const regional = smsUser({ id: 12, name: '王五', scope: 'regions', devices: [], deviceIds: [], regionCodes: ['330100', '110000'] });
    const puts: unknown[] = [];
    handlers([regional], { lists: [], other: [], bodies: [] });
    server.use(
      mock.get('/api/regional/tree', () =>
        ok([
          {
            real_id: 1,
            code: '330000',
            name: '浙江省',
            children: [
              { real_id: 2, code: '330100', name: '杭州市', children: [] },
              { real_id: 4, code: '330200', name: '宁波市', children: [] },
            ],
          },
          { real_id: 3, code: '110000', name: '北京市', children: [] },
        ]),
      ),
      mock.put('/api/smsUser/12', async ({ request }) => {
        puts.push(await request.json());
        return ok(regional);
      }),
    );
    renderApp(PATH);
    const row = await findRow('王五');
    expect(await within(row).findByText(/浙江省 杭州市、北京市/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '编辑 王五' }));
    const dialog = await findDialog('编辑通知用户');
    expect(within(dialog).getByRole('radio', { name: '指定地区' })).toBeChecked();
    expect(await within(dialog).findByText(/杭州市/)).toBeInTheDocument();
    expect(within(dialog).getByText(/北京市/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('开始')).toHaveValue('22:00');
    expect(within(dialog).getByLabelText('结束')).toHaveValue('07:00');

    // the start cleared alone: refused before any call
    const start = within(dialog).getByLabelText('开始').closest('.ant-picker') as HTMLElement;
    await user.hover(start);
    await user.click(start.querySelector('.ant-picker-clear') as HTMLElement);
    expect(within(dialog).getByLabelText('开始')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('开始和结束时间须同时填写')).toBeInTheDocument();
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // reopened: the stored values again, saved unchanged
    await user.click(within(row).getByRole('button', { name: '编辑 王五' }));
    const again = await findDialog('编辑通知用户');
    expect(within(again).getByLabelText('开始')).toHaveValue('22:00');
    await user.click(within(again).getByRole('button', { name: /保\s*存/ }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ scope: 'regions', regionCodes: ['330100', '110000'], quietStart: '22:00', quietEnd: '07:00' });
    expect(puts[0]).not.toHaveProperty('companyId');
    expect(puts[0]).not.toHaveProperty('deviceIds');
  });
});
