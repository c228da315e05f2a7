import { readFileSync } from 'node:fs';

import type { APIRequestContext, Page } from '@playwright/test';

import { deviceDetailPath, paths } from '../src/config/paths';

import { api, ingest, runId, seedCompany, seedDevice as seedData, sendReading } from './data';
import { ADMIN, E2E } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
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
    await expect(page.getByText(/Each point sums up/)).toBeVisible();
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
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').locator('.ant-table-wrapper').first()).toBeVisible();
      await inside(page.getByRole('tabpanel').locator('.ant-table-wrapper').first());
      await noPageOverflow();
    }
  });
});
