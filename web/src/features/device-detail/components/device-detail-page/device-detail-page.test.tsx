import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { deviceDetailPath, paths } from '@/config/paths';
import { queryClient } from '@/lib/react-query';
import { makeAlarm, makeDevice, makeDeviceParams } from '@/testing/fixtures';
import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { findDialog, makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { Device } from '@/types/api';

import { deviceDetailKeys } from '../../api/keys';
import type { AlarmRecord } from '../../types';

const params = makeDeviceParams({ custom: { buzzer: 1 } });

const device = (over: Partial<Device> = {}): Device =>
  makeDevice({
    id: 7,
    name: '西湖 1 号井',
    typeId: 3,
    address: '文三路 1 号',
    firmware: 'v1.2.3',
    wanted: { ...params, alertLow: 15 },
    confirmed: params,
    createdAt: 1795300000000,
    updatedAt: 1795300000000,
    ...over,
  });

const alarm = (over: Partial<AlarmRecord> = {}): AlarmRecord => makeAlarm({ id: 31, deviceId: 7, deviceName: '西湖 1 号井', ...over });

const page = <T,>(list: T[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });

setupPageTests();

describe('device detail', () => {
  it('shows the live header with the display rules', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/device/7/commands', () => ok([])),
    );
    renderApp(`${deviceDetailPath(7)}?tab=commands`);
    const header = await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 });
    expect(within(header).getByRole('heading', { name: '西湖 1 号井' })).toBeInTheDocument();
    expect(within(header).getByText('490154203237518')).toBeInTheDocument();
    expect(within(header).getByText('12.5 %LEL')).toBeInTheDocument();
    expect(within(header).getByText('3.62 V')).toBeInTheDocument();
    expect(within(header).getByText('21（能够稳定上网）')).toBeInTheDocument();
    expect(within(header).getByText('18.5 °C')).toBeInTheDocument();
    expect(within(header).getByText('在线')).toBeInTheDocument();
    expect(within(header).getByText('正常')).toBeInTheDocument();
    expect(within(header).getByText('红外甲烷探测器（GT-100）')).toBeInTheDocument();
    const seen = within(header).getByText('5 分钟前');
    expect(seen).toHaveAttribute('title', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/));
  });

  it('marks the parameters the device has not confirmed yet', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/device/7', () => ok(device())));
    renderApp(`${deviceDetailPath(7)}?tab=parameters`);
    const low = (await screen.findByText('低报阈值', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(low).getByText('15.0 %LEL')).toBeInTheDocument();
    expect(within(low).getByText('20.0 %LEL')).toBeInTheDocument();
    expect(within(low).getByText('待确认')).toBeInTheDocument();
    const high = screen.getByText('高报阈值').closest('tr')!;
    expect(within(high).getByText('已同步')).toBeInTheDocument();
    expect(screen.getByText('1 项参数等待设备确认')).toBeInTheDocument();
  });

  it('acknowledges an alarm, then handles it with a required note, and reads the list again after each', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement', 'DeviceManagement:handleAlarm'] }));
    let current = alarm();
    const asked: string[] = [];
    const notes: unknown[] = [];
    server.use(
      mock.get('/api/device/7', () => ok(device({ alarmState: 'high', ch4: 62 }))),
      mock.get('/api/alarmLog', ({ request }) => {
        asked.push(new URL(request.url).search);
        return page([current]);
      }),
      mock.put('/api/alarmLog/31/ack', () => {
        current = { ...current, ackAt: Date.now(), ackBy: 2, ackAccount: 'alice' };
        return ok(current);
      }),
      mock.put('/api/alarmLog/31/handle', async ({ request }) => {
        const body = (await request.json()) as { note: string };
        notes.push(body.note);
        current = { ...current, handledAt: Date.now(), handledBy: 2, handledAccount: 'alice', handleNote: body.note };
        return ok(current);
      }),
    );
    const user = userEvent.setup();
    renderApp(`${deviceDetailPath(7)}?tab=alarms`);

    const row = (await screen.findByText('气体报警', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('高报')).toBeInTheDocument();
    expect(within(row).getByText('62.0 %LEL')).toBeInTheDocument();
    expect(within(row).getByText('71.3 %LEL')).toBeInTheDocument();
    expect(within(row).getByText('报警中')).toBeInTheDocument();
    expect(new URLSearchParams(asked[0]).get('deviceId')).toBe('7');

    await user.click(within(row).getByRole('button', { name: '确认 #31' }));
    const pop = await screen.findByRole('tooltip');
    await user.click(within(pop).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('报警已确认');
    const handle = await screen.findByRole('button', { name: '处理 #31' });
    expect(screen.getAllByText('alice').length).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThanOrEqual(2);

    await user.click(handle);
    const dialog = await findDialog('处理报警');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeInTheDocument();
    expect(notes).toEqual([]);

    await user.type(within(dialog).getByLabelText('处理说明'), '现场通风，阀门已关闭');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('报警已处理');
    expect(notes).toEqual(['现场通风，阀门已关闭']);
    await waitFor(() => {
      const handled = screen.getByText('气体报警').closest('tr')!;
      expect(within(handled).getByText('现场通风，阀门已关闭')).toBeInTheDocument();
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: '处理 #31' })).not.toBeInTheDocument());
  });

  it('offers no alarm actions without DeviceManagement:handleAlarm', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/alarmLog', () => page([alarm()])),
    );
    renderApp(`${deviceDetailPath(7)}?tab=alarms`);
    await screen.findByText('气体报警', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: '确认 #31' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
  });

  it('links each alarm and the device to their SMS records for a holder of SmsSendRecordManagement', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement', 'SmsSendRecordManagement'] }));
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/alarmLog', () => page([alarm(), alarm({ id: 32, kind: 'fault', level: '', status: 'ended', stage: 'waiting', endedAt: 1795300060000 })])),
    );
    renderApp(`${deviceDetailPath(7)}?tab=alarms`);
    const gas = (await screen.findByText('气体报警', {}, { timeout: 10_000 })).closest('tr')!;
    const link = within(gas).getByRole('link', { name: '报警 #31 的短信记录' });
    expect(link).toHaveAttribute('href', `${paths.smsSendRecord}?alarmId=31`);
    expect(link).toHaveTextContent('短信记录');
    expect(screen.getByRole('link', { name: '报警 #32 的短信记录' })).toHaveAttribute('href', `${paths.smsSendRecord}?alarmId=32`);
    expect(screen.getByRole('link', { name: '设备 西湖 1 号井 的短信记录' })).toHaveAttribute(
      'href',
      `${paths.smsSendRecord}?deviceId=7`,
    );
    // Without DeviceManagement:handleAlarm the column holds the links only.
    expect(within(gas).queryByRole('button', { name: '确认 #31' })).not.toBeInTheDocument();
  });

  it('shows no SMS record links without SmsSendRecordManagement', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement', 'DeviceManagement:handleAlarm'] }));
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/alarmLog', () => page([alarm()])),
    );
    renderApp(`${deviceDetailPath(7)}?tab=alarms`);
    const row = (await screen.findByText('气体报警', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByRole('button', { name: '确认 #31' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /短信记录/ })).not.toBeInTheDocument();
  });

  it('reads the alarms again when a poll of the device shows new activity', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    let live = device();
    let alarms: AlarmRecord[] = [];
    let alarmCalls = 0;
    server.use(
      mock.get('/api/device/7', () => ok(live)),
      mock.get('/api/alarmLog', () => {
        alarmCalls += 1;
        return page(alarms);
      }),
    );
    renderApp(`${deviceDetailPath(7)}?tab=alarms`);
    const header = await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 });
    await waitFor(() => expect(alarmCalls).toBe(1), { timeout: 10_000 });
    expect(screen.queryByText('气体报警')).not.toBeInTheDocument();

    live = device({ ch4: 62, alarmState: 'high', lastSeenAt: Date.now() });
    alarms = [alarm()];
    // What the 10 s poll (or a server event) does: the device query is read again.
    await queryClient.refetchQueries({ queryKey: deviceDetailKeys.device(7) });
    expect(await within(header).findByText('62.0 %LEL')).toBeInTheDocument();
    expect(within(header).getByText('高报')).toBeInTheDocument();
    expect(await screen.findByText('气体报警')).toBeInTheDocument();
    expect(alarmCalls).toBe(2);
  });

  it('keeps the last data with a hint when a poll fails, and offers a retry when the first read fails', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    let failing = false;
    server.use(
      mock.get('/api/device/7', () =>
        failing ? HttpResponse.json({ code: 50300, msg: '数据库不可用' }, { status: 503 }) : ok(device()),
      ),
      mock.get('/api/device/7/commands', () => ok([])),
    );
    const first = renderApp(`${deviceDetailPath(7)}?tab=commands`);
    const header = await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 });
    expect(within(header).getByText('每 10 秒自动刷新')).toBeInTheDocument();

    failing = true;
    await queryClient.refetchQueries({ queryKey: deviceDetailKeys.device(7) });
    expect(await within(header).findByText('刷新失败，显示的是上次读取的数据')).toBeInTheDocument();
    expect(within(header).getByText('12.5 %LEL')).toBeInTheDocument();

    failing = false;
    await queryClient.refetchQueries({ queryKey: deviceDetailKeys.device(7) });
    expect(await within(header).findByText('每 10 秒自动刷新')).toBeInTheDocument();

    first.unmount();
    queryClient.clear();
    failing = true;
    const user = userEvent.setup();
    renderApp(deviceDetailPath(7));
    expect(await screen.findByText('设备信息加载失败', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('数据库不可用')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows "not found" with a way back for an unknown device or another company\'s', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(mock.get('/api/device/404', () => HttpResponse.json({ code: 40400, msg: '记录不存在' }, { status: 404 })));
    renderApp(deviceDetailPath(404));
    expect(await screen.findByRole('heading', { name: '设备不存在' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回设备列表' })).toHaveAttribute('href', '/DeviceModule/DeviceManagement');
  });

  it('does not ask the server about an id that cannot name a device', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    const asked: string[] = [];
    server.use(mock.get('/api/device/:id', ({ params: p }) => {
      asked.push(String(p.id));
      return ok(device());
    }));
    renderApp(deviceDetailPath('abc'));
    expect(await screen.findByRole('heading', { name: '设备不存在' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
  it('edits the device, sends a command after its explanation and confirmation, and reads the device again after each', async () => {
    signInAs();
    useBaseHandlers(
      makeUser({ permission: ['DeviceManagement', 'DeviceManagement:update', 'DeviceManagement:command', 'DeviceManagement:param'] }),
    );
    let live = device();
    let deviceCalls = 0;
    const commands: unknown[] = [];
    const updates: { name: string }[] = [];
    server.use(
      mock.get('/api/device/7', () => {
        deviceCalls += 1;
        return ok(live);
      }),
      mock.get('/api/device/7/commands', () => ok([])),
      mock.get('/api/deviceClassify', () => page([{ id: 3, name: '红外甲烷探测器', model: 'GT-100' }])),
      mock.put('/api/device/7', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        updates.push(body);
        live = device({ name: body.name });
        return ok(live);
      }),
      mock.post('/api/device/sendCommand/7', async ({ request }) => {
        commands.push(await request.json());
        return ok({ id: 1, command: 'zeroCalibration', status: 'pending' });
      }),
    );
    const user = userEvent.setup();
    renderApp(`${deviceDetailPath(7)}?tab=commands`);
    const header = await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 });

    // edit: the header shows the new name without a reload
    await user.click(within(header).getByRole('button', { name: /编\s*辑/ }));
    const edit = await findDialog('编辑设备');
    const name = within(edit).getByLabelText('设备名称');
    await user.clear(name);
    await user.type(name, '西湖 2 号井');
    await user.click(within(edit).getByRole('button', { name: /保\s*存/ }));
    expect(await within(header).findByRole('heading', { name: '西湖 2 号井' })).toBeInTheDocument();
    expect(updates).toEqual([expect.objectContaining({ name: '西湖 2 号井', imei: '490154203237518' })]);

    // a command that changes the device: explained, then confirmed
    const before = deviceCalls;
    await user.click(within(header).getByRole('button', { name: /发送指令/ }));
    const dialog = await findDialog('发送指令');
    expect(within(dialog).getByTestId('command-help')).toHaveTextContent('约 1 分钟内离线');
    await user.click(within(dialog).getByText('零点校准'));
    expect(within(dialog).getByTestId('command-help')).toHaveTextContent('洁净空气');
    await user.click(within(dialog).getByRole('button', { name: /下\s*发/ }));
    const confirm = (await screen.findByText('探测器将以当前读数为零点，请确认它处在洁净空气中。确定发送吗？')).closest('.ant-modal')!;
    expect(confirm).toHaveTextContent('向“西湖 2 号井”发送“零点校准”？');
    await user.click(within(confirm as HTMLElement).getByRole('button', { name: /取\s*消/ }));
    expect(commands).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: /下\s*发/ }));
    const again = (await screen.findByText('探测器将以当前读数为零点，请确认它处在洁净空气中。确定发送吗？')).closest('.ant-modal')!;
    await user.click(within(again as HTMLElement).getByRole('button', { name: /下\s*发/ }));
    await screen.findByText('指令已下发，设备可达时执行');
    expect(commands).toEqual([{ command: 'zeroCalibration' }]);
    await waitFor(() => expect(deviceCalls).toBeGreaterThan(before));
  });

  it('offers no device actions without their permission codes', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/device/7/commands', () => ok([])),
    );
    renderApp(`${deviceDetailPath(7)}?tab=commands`);
    const header = await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 });
    expect(within(header).queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /发送指令/ })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /参数设置/ })).not.toBeInTheDocument();
  });

  it('opens the parameters of the device from its page', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement', 'DeviceManagement:param'] }));
    const sent: unknown[] = [];
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/device/7/commands', () => ok([])),
      mock.post('/api/device/set-alert-param', async ({ request }) => {
        sent.push(await request.json());
        return ok([]);
      }),
    );
    const user = userEvent.setup();
    renderApp(`${deviceDetailPath(7)}?tab=commands`);
    const header = await screen.findByRole('region', { name: '设备详情' }, { timeout: 10_000 });
    await user.click(within(header).getByRole('button', { name: /参数设置/ }));
    const dialog = await findDialog('设置参数 · 西湖 1 号井');
    expect(within(dialog).getByLabelText('低报阈值 (%LEL)')).toHaveValue('15.0');
    await user.click(within(dialog).getAllByRole('button', { name: /下\s*发/ })[0]);
    await screen.findByText(/参数已下发/);
    expect(sent).toEqual([{ deviceIds: [7], alertLow: 15, alertHigh: 50 }]);
  });

  it('shows a reading\'s status as words: the known ones translated in a tag, others as sent, none as a dash', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    const reading = (ts: number, status: string) => ({
      deviceId: 7, ts, receivedAt: ts, ch4: 1, voltage: null, signal: null, temperature: null, status,
    });
    server.use(
      mock.get('/api/device/7', () => ok(device())),
      mock.get('/api/deviceDataLog', () =>
        page([reading(4000, 'ok'), reading(3000, 'fault'), reading(2000, 'warming up'), reading(1000, '')]),
      ),
    );
    renderApp(`${deviceDetailPath(7)}?tab=readings`);
    await screen.findByText('warming up', {}, { timeout: 10_000 });
    const rows = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody .ant-table-row')];
    expect(rows).toHaveLength(4);
    const statusCell = (row: HTMLElement) => row.querySelectorAll<HTMLElement>('td')[5];
    expect(within(statusCell(rows[0])).getByText('正常')).toHaveClass('ant-tag');
    expect(within(statusCell(rows[1])).getByText('故障')).toHaveClass('ant-tag');
    expect(statusCell(rows[2])).toHaveTextContent(/^warming up$/);
    expect(statusCell(rows[3])).toHaveTextContent(/^—$/);
  });

  it('opens the chart on the 24 hours up to the last report of a quiet device, with its gas alarms asked for', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['DeviceManagement'] }));
    const last = Date.now() - 3 * 24 * 60 * 60 * 1000;
    const statistic: string[][] = [];
    const alarmQueries: URLSearchParams[] = [];
    server.use(
      mock.get('/api/device/7', () => ok(device({ lastSeenAt: last, online: false }))),
      mock.get('/api/deviceDataLog/statistic', ({ request }) => {
        statistic.push(new URL(request.url).searchParams.getAll('ts'));
        return ok({ from: last - 86_400_000, to: last, bucketMs: 300_000, points: [] });
      }),
      mock.get('/api/alarmLog', ({ request }) => {
        alarmQueries.push(new URL(request.url).searchParams);
        return page([]);
      }),
    );
    renderApp(deviceDetailPath(7));
    expect(await screen.findByText('每 5 分钟的甲烷浓度最小值 / 平均值 / 最大值（%LEL）', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('近 24 小时没有数据，显示最后一次上报前的 24 小时')).toBeInTheDocument();
    expect(statistic[0]).toEqual([`$gte:${last - 86_400_000}`, `$lte:${last}`]);
    await waitFor(() => expect(alarmQueries.length).toBeGreaterThan(0));
    expect(alarmQueries[0].get('deviceId')).toBe('7');
    expect(alarmQueries[0].getAll('kind')).toEqual(['gas']);
    expect(alarmQueries[0].getAll('startedAt')).toEqual([`$lte:${last}`]);
  });
});
