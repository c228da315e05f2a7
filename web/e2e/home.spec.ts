import type { APIRequestContext, Page } from '@playwright/test';

import { deviceDetailPath } from '../src/config/paths';

import { api, ingest, seedDevice } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';

/** As ADMIN: a company, a device type (thresholds 20 / 50 %LEL) and one device of that company. */
async function seed(request: APIRequestContext) {
  const token = await apiLogin(request, ADMIN);
  return seedDevice(request, token, { company: 'Home Gas Co', model: 'HM', name: 'Home well', imeiPrefix: '87' });
}

/** Opens the page signed in and waits until the live feed is connected (a new feed starts at the newest event). */
async function openWithFeed(page: Page, request: APIRequestContext, who: { account: string; password: string }, path: string) {
  const feed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200);
  await openSignedIn(page, request, who, path);
  const res = await feed;
  expect(new URL(res.url()).searchParams.get('token')).toBeTruthy();
}

// The first load of a page may be slow on a busy machine; later checks use the default timeout.
const FIRST_LOAD = { timeout: 30_000 };

const figure = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test.describe('home (en)', () => {
  test.use({ locale: 'en-US' });

  test('a company\'s figures, a live alarm notification and the figures following without a reload', async ({ page, request }) => {
    test.setTimeout(120_000);
    const device = await seed(request);
    await openWithFeed(page, request, device.companyAdmin, '/dashboard');

    await expect(figure(page, 'Devices')).toContainText('1', FIRST_LOAD);
    await expect(figure(page, 'Devices in gas alarm')).toContainText('0');
    await expect(figure(page, 'Alarms today')).toContainText('0');
    await expect(figure(page, 'Companies')).toHaveCount(0); // a company user is not given the company count
    await expect(page.getByRole('region', { name: 'Latest alarms' })).toContainText('No alarms yet');

    await page.evaluate(() => {
      (window as unknown as { __homeMark?: boolean }).__homeMark = true;
    });
    await ingest(request, device, { ts: Date.now(), ch4: 62, voltage: 362, signal: 21, temperature: 18.5, status: 'ok' });

    const notice = page.locator('.ant-notification-notice').filter({ hasText: device.name });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText('High gas alarm');
    await expect(notice).toContainText(`${device.name} (IMEI ${device.imei})`);
    await expect(notice).toContainText('62.0 %LEL');
    await expect(notice.getByRole('link', { name: 'Open the device' })).toHaveAttribute('href', deviceDetailPath(device.id));

    await expect(figure(page, 'Devices in gas alarm')).toContainText('1', { timeout: 15_000 });
    await expect(figure(page, 'Alarms today')).toContainText('1');
    await expect(figure(page, 'Alarms not yet handled')).toContainText('1');
    await expect(page.getByTestId('trend-total')).toHaveText('1 in all');
    const latest = page.getByRole('region', { name: 'Latest alarms' });
    await expect(latest).toContainText(device.imei);
    await expect(latest).toContainText('High gas');

    await latest.getByRole('link', { name: device.name, exact: true }).click();
    await expect(page).toHaveURL(deviceDetailPath(device.id));
    await expect(page.getByRole('region', { name: 'Device details' }).getByRole('heading', { name: device.name })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __homeMark?: boolean }).__homeMark)).toBe(true);
  });

  test('the administrator sees the platform\'s figures with the company count', async ({ page, request }) => {
    await seed(request);
    const token = await apiLogin(request, ADMIN);
    const stat = await api<{ companies: number; devices: number }>(request, token, 'GET', '/home/statistic');
    expect(stat.devices).toBeGreaterThan(0);
    await openSignedIn(page, request, ADMIN, '/dashboard');
    await expect(figure(page, 'Devices')).toHaveText(new RegExp(`${stat.devices}$`), FIRST_LOAD);
    await expect(figure(page, 'Companies')).toHaveText(new RegExp(`${stat.companies}$`));
    const byType = page.getByRole('img', { name: 'Number of devices of each type' });
    await byType.scrollIntoViewIfNeeded();
    await expect(byType.locator('svg')).toBeVisible(FIRST_LOAD);
  });

  test('the alarm sound switch is remembered across a reload', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/dashboard');
    const toggle = page.getByRole('button', { name: 'Alarm sound' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true', FIRST_LOAD);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Alarm sound' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Alarm sound' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Alarm sound' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('home at 375 px (zh-CN)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the figures two a row, the trend switch, and nothing wider than the screen', async ({ page, request }) => {
    const device = await seed(request);
    await openSignedIn(page, request, device.companyAdmin, '/dashboard');
    await expect(figure(page, '设备总数')).toContainText('1', FIRST_LOAD);
    const a = await figure(page, '设备总数').boundingBox();
    const b = await figure(page, '在线设备').boundingBox();
    expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x).toBeTruthy();
    await page.getByText('近 30 天', { exact: true }).click();
    await expect(page.getByText('该时段没有报警')).toBeVisible();
    await expect(page.getByRole('button', { name: '报警提示音' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
