import type { Locator, Page } from '@playwright/test';

import { paths } from '../src/config/paths';

import { addDevice, api, ingest, seedDevice } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { expectNoPageOverflow, listRows, NARROW } from './narrow';

// The list follows the live feed (and polls every 30 s): a change shows within that, with some slack.
const LIVE = { timeout: 40_000 };
// A first load of the page (its lazy chunks) on a machine busy with other builds and tests.
const FIRST_RENDER = { timeout: 25_000 };
const OK = /^确\s*定$/;

/** The tab of a stage (its words, then its count: "已确认（1）"), clicked, then the one row of the device under it. */
async function openTab(page: Page, tab: string, deviceName: string): Promise<Locator> {
  await page.getByRole('tablist').getByRole('tab', { name: new RegExp(`^${tab}(（\\d+）)?$`) }).click();
  return page.locator('.ant-table-row', { hasText: deviceName });
}

test.describe('Alarm Center (zh-CN)', () => {
  test('a leak: New, acknowledged, ended and waiting, handled with a note', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request, ADMIN);
    const device = await seedDevice(request, token, { company: '报警中心燃气', model: 'AC', name: '报警井' });

    // the list of this device only (other tests' alarms share the server)
    await openSignedIn(page, request, ADMIN, `${paths.alarms}?imei=${device.imei}`);
    await expect(page).toHaveTitle(/^报警中心/);
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitem');
    await expect(items.nth(0)).toHaveText('首页', FIRST_RENDER);
    await expect(items.nth(1)).toHaveText('报警中心');
    await expect(page.getByRole('tab', { name: '待确认', selected: true })).toBeVisible(FIRST_RENDER);

    // a simulated leak: methane above the high threshold (50 %LEL)
    await ingest(request, device, { ts: Date.now() - 5_000, ch4: 62, voltage: 360, signal: 20 });
    let row = page.locator('.ant-table-row', { hasText: device.name });
    await expect(row).toHaveCount(1, LIVE);
    await expect(row.getByText('高报', { exact: true })).toBeVisible();
    await expect(row.getByText('报警中 · 待确认')).toBeVisible();
    await expect(row.getByText(device.imei)).toBeVisible();
    await expect(row.getByText('62.0 %LEL')).toBeVisible();
    await expect(row.getByRole('link', { name: `查看设备 ${device.name}` })).toHaveAttribute('href', `/DeviceModule/DeviceDetail/${device.id}`);

    // acknowledge it: it leaves New for Acknowledged
    await row.getByRole('button', { name: /^确认报警 #\d+$/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.locator('.ant-message').getByText('已确认')).toBeVisible();
    await expect(row).toHaveCount(0, LIVE);
    row = await openTab(page, '已确认', device.name);
    await expect(page).toHaveURL(/stage=acknowledged/);
    await expect(row).toHaveCount(1, LIVE);
    await expect(row.getByText('报警中 · 已确认')).toBeVisible();
    await expect(row.getByText('admin')).toBeVisible();

    // the device reads normal again: the alarm ends and waits for handling
    await ingest(request, device, { ts: Date.now(), ch4: 2, voltage: 360, signal: 20 });
    await expect(row).toHaveCount(0, LIVE);
    row = await openTab(page, '已结束待处理', device.name);
    await expect(row).toHaveCount(1, LIVE);
    await expect(row.getByText('已结束 · 待处理')).toBeVisible();

    // handle it: the note is required
    await row.getByRole('button', { name: /^处理报警 #\d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: '处理报警' });
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog.getByText('请填写处理说明')).toBeVisible();
    await dialog.getByLabel('处理说明').fill('已关阀通风，复测正常');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(page.locator('.ant-message').getByText('已处理')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0, LIVE);
    row = await openTab(page, '已处理', device.name);
    await expect(row).toHaveCount(1, LIVE);
    await expect(row.getByText('已关阀通风，复测正常')).toBeVisible();
    await expect(row.getByText('admin')).toHaveCount(2); // acknowledged by, handled by
    await expect(row.getByRole('button', { name: /^(确认|处理)报警 #\d+$/ })).toHaveCount(0);

    // at 375 px the page itself does not scroll sideways (the table scrolls inside its card)
    await page.setViewportSize(NARROW);
    await page.reload();
    // (phones show the rows as cards)
    await expect(listRows(page).filter({ hasText: device.name })).toHaveCount(1, FIRST_RENDER);
    await expectNoPageOverflow(page);
  });

  test('two leaks of one company acknowledged together, the count in the toast', async ({ page, request }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, ADMIN);
    const first = await seedDevice(request, token, { company: '批量确认燃气', model: 'BK', name: '批量井' });
    const { companyId, typeId } = await api<{ companyId: number; typeId: number }>(request, token, 'GET', `/device/${first.id}`);
    const second = await addDevice(request, token, { typeId, companyId, name: `${first.name} 乙` });
    await ingest(request, first, { ts: Date.now() - 5_000, ch4: 30, voltage: 360, signal: 20 });
    await ingest(request, second, { ts: Date.now() - 5_000, ch4: 70, voltage: 360, signal: 20 });

    await openSignedIn(page, request, ADMIN, `${paths.alarms}?companyId=${companyId}`);
    const rows = page.locator('.ant-table-row');
    await expect(rows).toHaveCount(2, FIRST_RENDER);
    // most severe first: the high alarm, then the low one
    await expect(rows.nth(0).getByText('高报', { exact: true })).toBeVisible();
    await expect(rows.nth(1).getByText('低报', { exact: true })).toBeVisible();
    for (const row of await rows.all()) await row.getByRole('checkbox', { name: /^选择报警 #\d+$/ }).check();
    await page.getByRole('button', { name: /确认所选（2）/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.locator('.ant-message').getByText('已确认 2 条，跳过 0 条')).toBeVisible();
    await expect(rows).toHaveCount(0, LIVE);
    await page.getByRole('tablist').getByRole('tab', { name: /^已确认（\d+）$|^已确认$/ }).click();
    await expect(rows).toHaveCount(2, LIVE);
  });
});

test.describe('Alarm Center (en, 1440 px)', () => {
  test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

  test('a leak goes New, Acknowledged, Ended – waiting for handling, Handled, the open stages counted on their tabs', async ({ page, request }) => {
    test.setTimeout(150_000);
    const token = await apiLogin(request, ADMIN);
    const device = await seedDevice(request, token, { company: 'Center Gas', model: 'ACE', name: 'Center well' });
    await openSignedIn(page, request, ADMIN, `${paths.alarms}?imei=${device.imei}`);
    await expect(page).toHaveTitle(/^Alarm Center/);
    const tab = (name: string, count: number) => page.getByRole('tablist').getByRole('tab', { name: `${name} (${count})`, exact: true });
    await expect(tab('New', 0)).toBeVisible(FIRST_RENDER);

    await ingest(request, device, { ts: Date.now() - 5_000, ch4: 64, voltage: 360, signal: 20 });
    let row = page.locator('.ant-table-row', { hasText: device.name });
    await expect(row).toHaveCount(1, LIVE);
    await expect(tab('New', 1)).toBeVisible(LIVE);
    await expect(row.getByText('High alarm', { exact: true })).toBeVisible();
    await expect(row.getByText('Active – not acknowledged')).toBeVisible();
    await expect(row.getByText('64.0 %LEL')).toBeVisible();
    // nothing of the page scrolls sideways at 1440 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);

    await row.getByRole('button', { name: /^Acknowledge alarm #\d+$/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
    await expect(tab('Acknowledged', 1)).toBeVisible(LIVE);
    await expect(tab('New', 0)).toBeVisible();

    await ingest(request, device, { ts: Date.now(), ch4: 2, voltage: 360, signal: 20 });
    await expect(tab('Ended – waiting for handling', 1)).toBeVisible(LIVE);
    await tab('Ended – waiting for handling', 1).click();
    row = page.locator('.ant-table-row', { hasText: device.name });
    await expect(row.getByText('Ended – waiting for handling', { exact: true })).toBeVisible(LIVE);
    await row.getByRole('button', { name: /^Handle alarm #\d+$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Valve closed, aired, measured again: clean');
    await dialog.getByRole('button', { name: /^(OK|Confirm)$/ }).click();
    // the handled ones are the history: their tab has no count
    await expect(tab('Ended – waiting for handling', 0)).toBeVisible(LIVE);
    await page.getByRole('tablist').getByRole('tab', { name: 'Handled', exact: true }).click();
    await expect(page.locator('.ant-table-row', { hasText: device.name }).getByText('Valve closed, aired, measured again: clean')).toBeVisible(LIVE);
  });
});
