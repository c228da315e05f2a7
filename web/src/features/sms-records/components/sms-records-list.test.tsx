import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';

import type { SmsRecord } from '../types';

import { STATUS_COLORS } from './sms-record-rules';

const PATH = '/SmsSendRecordModule/SmsSendRecordManagement';

function record(over: Partial<SmsRecord>): SmsRecord {
  return {
    id: 1,
    companyId: 5,
    smsUserId: 7,
    userName: '张三',
    phone: '13800138000',
    deviceId: 3,
    deviceName: '文三路 3 号井',
    alarmId: 11,
    alarmKind: 'gas',
    level: 'high',
    eventType: 'started',
    reminder: 0,
    language: 'zh-CN',
    content: '【红外气体检测平台】报警：文三路 3 号井（浙江省 杭州市 西湖区 文三路 3 号）甲烷高报，数值 55.0%LEL，时间 2026-11-22 10:00:00。',
    provider: 'log',
    status: 'sent',
    providerMsgId: 'log-1',
    error: '',
    limit: 0,
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 1795325266737,
    updatedAt: 1795325266737,
    sentAt: 1795325267737,
    ...over,
  };
}

const sent = record({});
const failed = record({
  id: 2,
  userName: '李四',
  phone: '13900139000',
  status: 'failed',
  eventType: 'reminder',
  reminder: 2,
  error: 'isv.MOBILE_NUMBER_ILLEGAL',
  attempts: 5,
  sentAt: null,
  providerMsgId: '',
});

setupPageTests();

function handlers(list: SmsRecord[], asked: string[]) {
  server.use(
    mock.get('/api/smsSendLog', ({ request }) => {
      asked.push(new URL(request.url).search);
      return ok({ list, total: list.length, page: 1, pageSize: 20 });
    }),
    mock.get('/api/company/simple-list', () => {
      asked.push('simple-list');
      return ok([{ id: 5, name: '杭州燃气检测有限公司', status: 1 }]);
    }),
  );
}

async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('status rules', () => {
  it('colours sent green and failed red', () => {
    expect(STATUS_COLORS.sent).toBe('success');
    expect(STATUS_COLORS.failed).toBe('error');
  });
});

describe('SMS Notification Records', () => {
  it('shows each message with its status, event, content, error and attempts; sends the URL filters', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: ['SmsSendRecordManagement', 'SmsSendRecordManagement:export'] }));
    const asked: string[] = [];
    handlers([sent, failed], asked);
    renderApp(`${PATH}?phone=1380&status=sent&status=failed&eventType=started&companyId=5&time=2026-11-01&time=2026-11-22`);
    const row = await findRow('张三');
    const sentTag = within(row).getByText('已发送');
    expect(sentTag.closest('.ant-tag')).toHaveClass('ant-tag-success');
    expect(within(row).getByText('甲烷 高报')).toBeInTheDocument();
    expect(within(row).getByText(/文三路 3 号井（浙江省/)).toBeInTheDocument();
    expect(within(row).getByText('log-1')).toBeInTheDocument();
    const other = await findRow('李四');
    expect(within(other).getByText('失败').closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(within(other).getByText('第 2 次提醒')).toBeInTheDocument();
    expect(within(other).getByText('isv.MOBILE_NUMBER_ILLEGAL')).toBeInTheDocument();
    expect(within(other).getByText('5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeInTheDocument();

    const query = new URLSearchParams(asked.find((q) => q.startsWith('?')) ?? '');
    expect(query.get('phone')).toBe('1380');
    expect(query.getAll('status')).toEqual(['sent', 'failed']);
    expect(query.getAll('eventType')).toEqual(['started']);
    expect(query.get('companyId')).toBe('5');
    const range = query.getAll('createdAt');
    expect(range).toHaveLength(2);
    expect(range[0]).toMatch(/^\$gte:\d+$/);
    expect(range[1]).toMatch(/^\$lte:\d+$/);
    expect(screen.getByRole('columnheader', { name: '短信内容' })).toBeInTheDocument();
  });

  it('says why a message was held by a rule, in words and not in red; a failure stays red', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: ['SmsSendRecordManagement'] }));
    const throttled = record({ id: 3, userName: '王五', status: 'throttled', error: 'throttled within 10m0s', limit: 600, sentAt: null });
    const capped = record({ id: 4, userName: '赵六', status: 'capped', error: 'daily cap 100', limit: 100, sentAt: null });
    const old = record({ id: 5, userName: '钱七', status: 'throttled', error: 'throttled within 10m0s', limit: 0, sentAt: null });
    handlers([throttled, capped, old, failed], []);
    renderApp(PATH);
    const heldRow = await findRow('王五');
    const held = within(heldRow).getByText('10分钟内已向该号码发送过此设备同类报警短信，本条未发送');
    expect(held).not.toHaveClass('ant-typography-danger');
    expect(within(heldRow).queryByText(/10m0s/)).not.toBeInTheDocument();
    expect(within(await findRow('赵六')).getByText('企业当日短信已达上限（100 条），本条未发送')).toBeInTheDocument();
    // an older record without its rule: the server's words, still not red
    const oldText = within(await findRow('钱七')).getByText('throttled within 10m0s');
    expect(oldText.closest('.ant-typography')).not.toHaveClass('ant-typography-danger');
    const failure = within(await findRow('李四')).getByText('isv.MOBILE_NUMBER_ILLEGAL');
    expect(failure.closest('.ant-typography')).toHaveClass('ant-typography-danger');
  });

  it('for a company user without the export code: no company filter or call, no export', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 2, companyId: 5, permission: ['SmsSendRecordManagement'] }));
    const asked: string[] = [];
    handlers([sent], asked);
    renderApp(`${PATH}?companyId=6`);
    await findRow('张三');
    expect(within(screen.getByRole('search')).queryByText('所属企业')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
    expect(asked).not.toContain('simple-list');
    expect(new URLSearchParams(asked.find((q) => q.startsWith('?')) ?? '').get('companyId')).toBeNull();
  });
});

describe('SMS Notification Records of an alarm or a device', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The query of the last list request. */
  const last = (asked: string[]) => new URLSearchParams(asked.filter((q) => q.startsWith('?')).at(-1) ?? '');

  it('sends alarmId and deviceId of the URL, shows a tag for each, and a tag\'s close removes just its filter', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: ['SmsSendRecordManagement'] }));
    const asked: string[] = [];
    handlers([sent], asked);
    const user = userEvent.setup();
    const { router } = renderApp(`${PATH}?alarmId=88&deviceId=17&status=sent`);
    await findRow('张三');
    expect(last(asked).get('alarmId')).toBe('88');
    expect(last(asked).get('deviceId')).toBe('17');
    expect(screen.getByText('报警 #88')).toBeInTheDocument();
    expect(screen.getByText('设备 #17')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '移除筛选 报警 #88' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=sent&deviceId=17'));
    await waitFor(() => expect(last(asked).get('alarmId')).toBeNull());
    expect(last(asked).get('deviceId')).toBe('17');
    expect(last(asked).getAll('status')).toEqual(['sent']);
    expect(screen.queryByText('报警 #88')).not.toBeInTheDocument();
    expect(screen.getByText('设备 #17')).toBeInTheDocument();
  });

  it('keeps the device and alarm filters on search and clears them on reset', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: ['SmsSendRecordManagement'] }));
    const asked: string[] = [];
    handlers([sent], asked);
    const user = userEvent.setup();
    const { router } = renderApp(`${PATH}?deviceId=17&alarmId=88`);
    await findRow('张三');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('手机号'), '1380');
    await user.click(within(search).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?phone=1380&deviceId=17&alarmId=88'));
    await waitFor(() => expect(last(asked).get('phone')).toBe('1380'));
    expect(last(asked).get('alarmId')).toBe('88');

    await user.click(within(search).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(last(asked).get('alarmId')).toBeNull());
    expect(last(asked).get('deviceId')).toBeNull();
    expect(screen.queryByText('设备 #17')).not.toBeInTheDocument();
  });

  it('ignores an id that is not a positive whole number', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: ['SmsSendRecordManagement'] }));
    const asked: string[] = [];
    handlers([sent], asked);
    renderApp(`${PATH}?alarmId=abc&deviceId=0`);
    await findRow('张三');
    expect(last(asked).get('alarmId')).toBeNull();
    expect(last(asked).get('deviceId')).toBeNull();
    expect(screen.queryByText(/报警 #/)).not.toBeInTheDocument();
    expect(screen.queryByText(/设备 #/)).not.toBeInTheDocument();
  });

  it('exports with the alarm and device filters', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 1, permission: ['SmsSendRecordManagement', 'SmsSendRecordManagement:export'] }));
    const asked: string[] = [];
    const exported: string[] = [];
    handlers([sent], asked);
    server.use(
      mock.get('/api/smsSendLog/export', ({ request }) => {
        exported.push(new URL(request.url).search);
        return new HttpResponse('x', {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderApp(`${PATH}?alarmId=88&deviceId=17`);
    await findRow('张三');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(exported).toHaveLength(1));
    const query = new URLSearchParams(exported[0]);
    expect(query.get('alarmId')).toBe('88');
    expect(query.get('deviceId')).toBe('17');
    expect(query.get('page')).toBeNull();
  });
});
