import { readFileSync } from 'node:fs';

import type { APIRequestContext, Page } from '@playwright/test';

import { deviceDetailPath, paths } from '../src/config/paths';

import { api, ingest, runId, seedCompany, seedDevice as seedData, sendReading } from './data';
import { ADMIN, E2E } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { expectInside, expectNoPageOverflow, NARROW } from './narrow';
import { readFirstSheet } from './xlsx';

/** A company, a device type (thresholds 20 / 50 %LEL) and a device of that company, through the API. */
function seedDevice(request: APIRequestContext, token: string) {
  return seedData(request, token, { company: 'Detail Gas Co', model: 'GT', name: 'Well', address: 'No. 1 Wensan Road' });
}

/** Marks the window, so that a later check can tell that no reload happened in between. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __detailMark?: boolean }).__detailMark = true;
  });
}

async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __detailMark?: boolean }).__detailMark === true);
}

// The page polls the device every 10 s: a live change shows within one poll (and some slack).
const LIVE = { timeout: 25_000 };
// A first load of the page (its lazy chunks) on a machine busy with other builds and tests.
const FIRST_RENDER = { timeout: 25_000 };

test.describe('device detail (en)', () => {
  test.use({ locale: 'en-US' });

  test('live header, an alarm acknowledged and handled in the page, the chart and the readings', async ({ page, request }) => {
    test.setTimeout(150_000);
    const token = await apiLogin(request, ADMIN);
    const device = await seedDevice(request, token);

    await openSignedIn(page, request, ADMIN, deviceDetailPath(device.id));
    await expect(page).toHaveTitle('Device details - Infrared Gas Detection Platform');
    const header = page.getByRole('region', { name: 'Device details' });
    await expect(header.getByRole('heading', { name: device.name })).toBeVisible(FIRST_RENDER);
    await expect(header.getByText(device.imei)).toBeVisible();
    await expect(header.getByText(/Detail Gas Co/)).toBeVisible();
    await expect(header.getByText('Never reported')).toBeVisible();
    await expect(header.getByText('Offline', { exact: true })).toBeVisible();

    // the device reports: the header follows without a reload
    await markWindow(page);
    const first = Date.now() - 60_000;
    await ingest(request, device, { ts: first, ch4: 12.46, voltage: 362, signal: 21, temperature: 18.5, status: 'ok' });
    await expect(header.getByTestId('device-methane')).toHaveText('12.5 %LEL', LIVE);
    await expect(header.getByText('Online', { exact: true })).toBeVisible();
    await expect(header.getByText('3.62 V')).toBeVisible();
    await expect(header.getByText('21 (Stable, can get online reliably)')).toBeVisible();
    await expect(header.getByText('IR methane detector (GT-', { exact: false })).toBeVisible();
    await expect(header.getByText('Normal', { exact: true })).toBeVisible();
    await expect(header.locator('time')).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await windowMarked(page)).toBe(true);

    // above the high threshold (50 %LEL): the alarm appears in the alarms part by itself
    await page.getByRole('tab', { name: 'Alarms' }).click();
    await expect(page).toHaveURL(/tab=alarms/);
    await ingest(request, device, { ts: Date.now(), ch4: 62, voltage: 360, signal: 20, temperature: 19 });
    await expect(header.getByTestId('device-methane')).toHaveText('62.0 %LEL', LIVE);
    await expect(header.getByText('High alarm', { exact: true })).toBeVisible();
    const row = page.locator('.ant-table-row', { hasText: 'Gas' });
    await expect(row).toHaveCount(1, LIVE);
    await expect(row.getByText('High', { exact: true })).toBeVisible();
    await expect(row.getByText('62.0 %LEL')).toHaveCount(2); // value and peak
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    expect(await windowMarked(page)).toBe(true);

    // acknowledge (with a confirmation), then handle with a required note
    await row.getByRole('button', { name: /^Acknowledge #\d+$/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Alarm acknowledged')).toBeVisible();
    await expect(row.getByText('admin').first()).toBeVisible();
    await row.getByRole('button', { name: /^Handle #\d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Handle the alarm' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('A note is required')).toBeVisible();
    await dialog.getByLabel('Note').fill('Valve closed, room ventilated');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Alarm handled')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Valve closed, room ventilated')).toBeVisible();
    await expect(row.getByRole('button', { name: /^(Acknowledge|Handle) #\d+$/ })).toHaveCount(0);
    await expect(row.getByText('admin')).toHaveCount(2); // acknowledged by, handled by

    // the server kept both steps
    const alarms = await api<{ list: { ackAccount: string; handledAccount: string; handleNote: string; level: string }[] }>(
      request,
      token,
      'GET',
      `/alarmLog?deviceId=${device.id}`,
    );
    expect(alarms.list).toEqual([
      expect.objectContaining({ level: 'high', ackAccount: 'admin', handledAccount: 'admin', handleNote: 'Valve closed, room ventilated' }),
    ]);

    // the chart draws on a canvas
    await page.getByRole('tab', { name: 'Methane chart' }).click();
    const chart = page.getByTestId('methane-chart');
    await expect(chart.locator('canvas').first()).toBeVisible();
    const box = await chart.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await expect(page.getByText(/^Minimum \/ average \/ maximum methane per .+ \(%LEL\)$/)).toBeVisible();
    // a preset of the picker asks for that range, up to now
    const asked = page.waitForRequest((r) => r.url().includes('/api/deviceDataLog/statistic'));
    await page.getByPlaceholder('Start date').click();
    await page.locator('.ant-picker-presets').getByText('Last 7 days').click();
    const ts = new URL((await asked).url()).searchParams.getAll('ts').map((v) => Number(v.replace(/^\$(gte|lte):/, '')));
    expect(ts[1] - ts[0]).toBe(7 * 24 * 60 * 60 * 1000);
    expect(Math.abs(Date.now() - ts[1])).toBeLessThan(60_000);
    await expect(chart.locator('canvas').first()).toBeVisible();

    // the readings, newest first
    await page.getByRole('tab', { name: 'Readings' }).click();
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('62.0 %LEL');
    await expect(rows.nth(1)).toContainText('12.5 %LEL');
    await expect(rows.nth(1)).toContainText('3.62 V');
    // the export carries the device filter and has the table's readings
    const exportButton = page.getByRole('button', { name: 'Export' });
    const download = page.waitForEvent('download');
    const call = page.waitForRequest((r) => r.url().includes('/api/deviceDataLog/export'));
    await exportButton.click();
    expect(new URL((await call).url()).searchParams.get('deviceId')).toBe(String(device.id));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_\d{14}\.xlsx$/);
    const sheet = readFirstSheet(readFileSync(await file.path()));
    expect(sheet.slice(1).map((cells) => cells[0])).toEqual([device.imei, device.imei]);
    expect(sheet.slice(1).map((cells) => cells[3])).toEqual(['62.0', '12.5']);

    // the parameters: a new device works with its type's thresholds
    await page.getByRole('tab', { name: 'Parameters' }).click();
    const low = page.locator('.ant-table-row', { hasText: 'Low threshold' });
    await expect(low.getByText('20.0 %LEL')).toHaveCount(2);
    await expect(page.getByText('The device has confirmed every parameter')).toBeVisible();
    expect(await windowMarked(page)).toBe(true);
  });

  test('a parameter change waits in the queue as pending until the device confirms it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, ADMIN);
    const device = await seedDevice(request, token);
    await api(request, token, 'POST', '/device/set-alert-param', { deviceIds: [device.id], alertLow: 15, alertHigh: 35.5 });

    await openSignedIn(page, request, ADMIN, `${deviceDetailPath(device.id)}?tab=parameters`);
    const low = page.locator('.ant-table-row', { hasText: 'Low threshold' });
    await expect(low.getByText('15.0 %LEL')).toBeVisible(FIRST_RENDER);
    await expect(low.getByText('20.0 %LEL')).toBeVisible();
    await expect(low.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByText('2 parameter(s) wait for the device to confirm')).toBeVisible();
    await expect(page.locator('.ant-table-row', { hasText: 'Report interval' }).getByText('In effect')).toBeVisible();

    await page.getByRole('tab', { name: 'Command queue' }).click();
    const command = page.locator('.ant-table-row', { hasText: 'Set thresholds' });
    await expect(command).toHaveCount(1);
    await expect(command.getByText('Pending', { exact: true })).toBeVisible();
    await expect(command.getByText('alertHigh: 35.5, alertLow: 15')).toBeVisible();
    await expect(command.getByText('admin')).toBeVisible();

    // the device reports, gets the command in the answer, and confirms it: the page follows by itself
    await markWindow(page);
    const res = await sendReading(request, device, { ts: Date.now(), ch4: 3.2, voltage: 361, signal: 25 });
    const answer = (await res.json()) as { data: { commands: { id: number; command: string }[] } };
    expect(answer.data.commands.map((c) => c.command)).toEqual(['setAlertParam']);
    const ack = await request.post(`${E2E.baseURL}/api/ingest/${device.imei}/ack`, {
      headers: { 'X-Device-Secret': device.secret },
      data: { id: answer.data.commands[0].id, ok: true, code: 0, msg: 'applied', params: { alertLow: 15, alertHigh: 35.5 } },
    });
    expect(ack.status()).toBe(200);
    await expect(command.getByText('Acknowledged', { exact: true })).toBeVisible(LIVE);
    await expect(command.getByText('applied')).toBeVisible();
    await expect(command.getByText('code 0')).toBeVisible();

    await page.getByRole('tab', { name: 'Parameters' }).click();
    await expect(page.getByText('The device has confirmed every parameter')).toBeVisible();
    await expect(low.getByText('15.0 %LEL')).toHaveCount(2);
    expect(await windowMarked(page)).toBe(true);
  });

  test('an unknown device, and another company\'s device, show "not found" with a way back to the list', async ({ page, request }) => {
    const token = await apiLogin(request, ADMIN);
    const device = await seedDevice(request, token);
    const other = await seedCompany(request, token, `Other Gas Co ${runId()}`);

    await openSignedIn(page, request, ADMIN, deviceDetailPath(987654321));
    await expect(page.getByRole('heading', { name: 'Device not found' })).toBeVisible(FIRST_RENDER);
    await page.getByRole('link', { name: 'Back to the device list' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.device}$`));

    // the device's own company sees it, another company gets the same "not found"
    await openSignedIn(page, request, device.companyAdmin, deviceDetailPath(device.id));
    await expect(page.getByRole('region', { name: 'Device details' }).getByRole('heading', { name: device.name })).toBeVisible(
      FIRST_RENDER,
    );
    await openSignedIn(page, request, { account: other.adminAccount, password: other.adminPassword }, deviceDetailPath(device.id));
    await expect(page.getByRole('heading', { name: 'Device not found' })).toBeVisible(FIRST_RENDER);
    await expect(page.getByText(device.name)).toHaveCount(0);
  });
});

test.describe('device detail at 375 px (zh-CN)', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 740 } });

  test('the header, the tabs, the chart and the tables fit; nothing of the page scrolls sideways', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, ADMIN);
    const device = await seedDevice(request, token);
    await ingest(request, device, { ts: Date.now() - 120_000, ch4: 8.2, voltage: 355, signal: 14 });
    await ingest(request, device, { ts: Date.now() - 60_000, ch4: 25, voltage: 354, signal: 9 });

    const noPageOverflow = async () => {
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]);
      for (const w of widths) expect(w).toBeLessThanOrEqual(WIDTH);
    };
    const inside = async (locator: ReturnType<Page['locator']>) => {
      const box = await locator.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
    };

    await openSignedIn(page, request, ADMIN, deviceDetailPath(device.id));
    const header = page.getByRole('region', { name: '设备详情' });
    await expect(header.getByTestId('device-methane')).toHaveText('25.0 %LEL', FIRST_RENDER);
    await expect(header.getByText('低报', { exact: true })).toBeVisible();
    await expect(header.getByText('9（不容易上网）')).toBeVisible();
    await inside(header);
    const chart = page.getByTestId('methane-chart');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await inside(chart);
    await noPageOverflow();

    // a quick range (on a phone from a select beside the picker, whose popup keeps to whole days)
    const asked = page.waitForRequest((r) => r.url().includes('/api/deviceDataLog/statistic'));
    await page.getByRole('combobox', { name: '快速选择' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '最近 1 小时' }).click();
    const ts = new URL((await asked).url()).searchParams.getAll('ts');
    expect(ts).toHaveLength(2);
    const [from, to] = ts.map((v) => Number(v.replace(/^\$(gte|lte):/, '')));
    expect(to - from).toBe(60 * 60 * 1000);
    await expect(chart.locator('canvas').first()).toBeVisible();
    // the day pickers' popups fit on the screen
    for (const placeholder of ['开始日期', '结束日期']) {
      await page.getByPlaceholder(placeholder).click();
      const popup = page.locator('.ant-picker-dropdown:visible .ant-picker-panel-container');
      await expect(popup).toBeVisible();
      await inside(popup);
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
    }
    await noPageOverflow();

    for (const tab of ['数据记录', '报警记录', '参数', '标定记录', '指令队列']) {
      // The tab bar slides to show the active tab: a click while it moves may land beside the next one.
      await expect(async () => {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole('tabpanel').locator('.ant-table-wrapper').first()).toBeVisible();
      await inside(page.getByRole('tabpanel').locator('.ant-table-wrapper').first());
      await noPageOverflow();
    }
  });
});

/** What the checks of the page on its own read, in each language. */
const LANGUAGES = [
  {
    locale: 'zh-CN',
    header: '设备详情',
    edit: /编\s*辑/,
    command: /发送指令/,
    params: /参数设置/,
    editTitle: '编辑设备',
    name: '设备名称',
    save: /保\s*存/,
    saved: '设备已保存',
    commandTitle: '发送指令',
    restartHelp: '探测器重新启动，约 1 分钟内离线、不上报数据。',
    restartConfirm: '探测器将重新启动，约 1 分钟内离线。确定发送吗？',
    send: /下\s*发/,
    cancel: /取\s*消/,
    sent: '指令已下发，设备可达时执行',
    paramsTitle: '设置参数',
    low: '低报阈值 (%LEL)',
    paramsSaved: '参数已下发，等待设备确认',
    tabs: { chart: '浓度曲线', readings: '数据记录', commands: '指令队列', parameters: '参数' },
    restart: '重启',
    pending: '待确认',
    subtitle: /^每 .+的甲烷浓度最小值 \/ 平均值 \/ 最大值（%LEL）$/,
    alarmLegend: '阴影为气体报警时段（浅色低报，深色高报），虚线为报警阈值。',
    ok: '正常',
    fault: '故障',
  },
  {
    locale: 'en-US',
    header: 'Device details',
    edit: /Edit/,
    command: /Send command/,
    params: /Parameters/,
    editTitle: 'Edit device',
    name: 'Name',
    save: /Save/,
    saved: 'Device saved',
    commandTitle: 'Send a command',
    restartHelp: 'The detector restarts and is offline for about a minute, reporting nothing meanwhile.',
    restartConfirm: 'The detector restarts and is offline for about a minute. Send?',
    send: /^Send$/,
    cancel: /^Cancel$/,
    sent: 'Command queued; the device runs it when reachable',
    paramsTitle: 'Set parameters',
    low: 'Low threshold (%LEL)',
    paramsSaved: 'Parameters queued, waiting for the devices to confirm',
    tabs: { chart: 'Methane chart', readings: 'Readings', commands: 'Command queue', parameters: 'Parameters' },
    restart: 'Restart',
    pending: 'Pending',
    subtitle: /^Minimum \/ average \/ maximum methane per .+ \(%LEL\)$/,
    alarmLegend: 'Shaded: gas alarm periods (light low, dark high); dashed: the alarm thresholds.',
    ok: 'Normal',
    fault: 'Fault',
  },
] as const;

const SIZES = [
  { label: '1440 px', viewport: { width: 1440, height: 900 }, narrow: false },
  { label: '375 px', viewport: NARROW, narrow: true },
] as const;

for (const lang of LANGUAGES) {
  for (const size of SIZES) {
    test.describe(`device page on its own (${lang.locale}, ${size.label})`, () => {
      test.use({ locale: lang.locale, viewport: size.viewport });

      test('edit, a command explained and confirmed, parameters, the chart\'s range and marks, the readings\' status words', async ({
        page,
        request,
      }) => {
        test.setTimeout(180_000);
        const token = await apiLogin(request, ADMIN);
        const device = await seedDevice(request, token);
        const now = Date.now();
        await ingest(request, device, { ts: now - 5 * 60_000, ch4: 4.1, voltage: 361, signal: 22, status: 'ok' });
        await ingest(request, device, { ts: now - 4 * 60_000, ch4: 4.3, voltage: 361, signal: 22, status: 'fault' });
        await ingest(request, device, { ts: now - 3 * 60_000, ch4: 4.2, voltage: 361, signal: 22, status: 'warming-up' });
        await ingest(request, device, { ts: now - 2 * 60_000, ch4: 4.0, voltage: 361, signal: 22 });
        // above the high threshold (50 %LEL): a gas alarm the chart shades
        await ingest(request, device, { ts: now - 60_000, ch4: 62, voltage: 360, signal: 21, status: 'ok' });

        // the chart asks for its alarms with the statistic, over the last 24 hours (the device reported in them)
        const statisticAsked = page.waitForRequest((r) => r.url().includes('/api/deviceDataLog/statistic'));
        const alarmsAsked = page.waitForResponse((r) => r.url().includes('/api/alarmLog') && r.url().includes('kind=gas'));
        await openSignedIn(page, request, ADMIN, deviceDetailPath(device.id));
        const header = page.getByRole('region', { name: lang.header });
        await expect(header.getByRole('heading', { name: device.name })).toBeVisible(FIRST_RENDER);
        const ts = new URL((await statisticAsked).url()).searchParams.getAll('ts').map((v) => Number(v.replace(/^\$(gte|lte):/, '')));
        expect(ts[1] - ts[0]).toBe(24 * 60 * 60 * 1000);
        const alarms = (await (await alarmsAsked).json()) as { data: { list: { kind: string; level: string }[] } };
        expect(alarms.data.list).toEqual([expect.objectContaining({ kind: 'gas', level: 'high' })]);
        await expect(page.getByTestId('methane-chart').locator('canvas').first()).toBeVisible();
        await expect(page.getByText(lang.subtitle)).toBeVisible();
        await expect(page.getByText(lang.alarmLegend)).toBeVisible();
        if (size.narrow) {
          await expectInside(header.getByRole('button'));
          await expectNoPageOverflow(page);
        }

        // the readings' status: known words translated in a tag, others as sent, none as a dash
        await page.getByRole('tab', { name: lang.tabs.readings }).click();
        const rows = page.locator('.ant-table-tbody .ant-table-row');
        await expect(rows).toHaveCount(5);
        await expect(rows.nth(0).locator('.ant-tag', { hasText: lang.ok })).toBeVisible();
        await expect(rows.nth(1).locator('td').nth(5)).toHaveText('—');
        await expect(rows.nth(2).locator('td').nth(5)).toHaveText('warming-up');
        await expect(rows.nth(3).locator('.ant-tag', { hasText: lang.fault })).toBeVisible();
        await expect(rows.nth(4).locator('.ant-tag', { hasText: lang.ok })).toBeVisible();
        if (size.narrow) await expectNoPageOverflow(page);

        // edit from the page: the header follows
        await header.getByRole('button', { name: lang.edit }).click();
        const edit = page.getByRole('dialog', { name: lang.editTitle });
        await expect(edit).toBeVisible();
        if (size.narrow) await expectInside(edit);
        const renamed = `${device.name} B`;
        await edit.getByLabel(lang.name, { exact: true }).fill(renamed);
        await edit.getByRole('button', { name: lang.save }).click();
        await expect(page.getByText(lang.saved)).toBeVisible();
        await expect(edit).toBeHidden();
        await expect(header.getByRole('heading', { name: renamed })).toBeVisible();

        // a restart: explained in the dialog, asked again before it is queued; cancelling queues nothing
        await page.getByRole('tab', { name: lang.tabs.commands }).click();
        await header.getByRole('button', { name: lang.command }).click();
        const command = page.getByRole('dialog', { name: lang.commandTitle });
        await expect(command.getByText(lang.restartHelp)).toBeVisible();
        if (size.narrow) await expectInside(command);
        await command.getByRole('button', { name: lang.send }).click();
        const confirm = page.locator('.ant-modal-confirm', { hasText: lang.restartConfirm });
        await expect(confirm).toBeVisible();
        if (size.narrow) await expectInside(confirm);
        await confirm.getByRole('button', { name: lang.cancel }).click();
        await expect(confirm).toBeHidden();
        expect(await api<unknown[]>(request, token, 'GET', `/device/${device.id}/commands`)).toEqual([]);
        await command.getByRole('button', { name: lang.send }).click();
        await confirm.getByRole('button', { name: lang.send }).click();
        await expect(page.getByText(lang.sent)).toBeVisible();
        await expect(command).toBeHidden();
        const queue = await api<{ command: string }[]>(request, token, 'GET', `/device/${device.id}/commands`);
        expect(queue.map((c) => c.command)).toEqual(['restart']);
        // the command queue on the page shows it without a reload
        await expect(page.locator('.ant-table-row', { hasText: lang.restart })).toHaveCount(1);

        // parameters from the page: the parameters part shows the new threshold waiting for the device
        await header.getByRole('button', { name: lang.params }).click();
        const params = page.getByRole('dialog', { name: `${lang.paramsTitle} · ${renamed}` });
        await expect(params).toBeVisible();
        if (size.narrow) await expectInside(params);
        await params.getByLabel(lang.low).fill('15');
        await params.getByRole('button', { name: lang.send }).first().click();
        await expect(page.getByText(lang.paramsSaved)).toBeVisible();
        await expect(params).toBeHidden();
        await page.getByRole('tab', { name: lang.tabs.parameters, exact: true }).click();
        const low = page.locator('.ant-table-row').filter({ hasText: '15.0 %LEL' });
        await expect(low.getByText(lang.pending, { exact: true })).toBeVisible();

        if (size.narrow) await expectNoPageOverflow(page);
      });
    });
  }
}
