import { execFileSync } from 'node:child_process';

import type { APIRequestContext } from '@playwright/test';

import { deviceDetailPath, paths } from '../src/config/paths';

import { api, seedDevice, type SeededDevice } from './data';
import { ADMIN, E2E } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { expectNoPageOverflow, NARROW } from './narrow';

// A first load of the page (its lazy chunks) on a machine busy with other builds and tests.
const FIRST_RENDER = { timeout: 25_000 };

/**
 * The test's clock: the device's record is made a day old in the server's SQLite database, as if the
 * detector had been installed yesterday and never connected (its type's heartbeat is 60 min, so it is
 * offline after 122). Python's sqlite3 module writes it; the server's own offline sweep, every 30 s, does
 * the rest.
 */
function installedYesterday(deviceId: number) {
  const file = E2E.databaseURL.replace(/^sqlite:/, '').replace(/\?.*$/, '');
  const script = [
    'import sqlite3, sys, time',
    'db = sqlite3.connect(sys.argv[1], timeout=30)',
    'db.execute("UPDATE devices SET created_at = ? WHERE id = ?", (int(time.time() * 1000) - 86400000, int(sys.argv[2])))',
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, file, String(deviceId)]);
}

/** A device of a fresh company that never reports, a day old; it waits for the sweep to mark it. */
async function neverReported(request: APIRequestContext, token: string, name: string): Promise<SeededDevice> {
  const device = await seedDevice(request, token, { company: 'Silent Gas', model: 'NR', name });
  installedYesterday(device.id);
  await expect
    .poll(async () => (await api<{ alarmState: string }>(request, token, 'GET', `/device/${device.id}`)).alarmState, {
      timeout: 75_000,
      message: 'the offline sweep marks the never-reported device',
    })
    .toBe('offline');
  return device;
}

test.describe('a detector installed but never connected', () => {
  test('raises its offline alarm in the Alarm Center (zh-CN, 1440 px)', async ({ page, request }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = await apiLogin(request, ADMIN);
    const device = await neverReported(request, token, '未接入井');

    await openSignedIn(page, request, ADMIN, `${paths.alarms}?imei=${device.imei}`);
    const row = page.locator('.ant-table-row', { hasText: device.name });
    await expect(row).toHaveCount(1, FIRST_RENDER);
    await expect(row).toContainText('离线');
    await expect(row).toContainText('报警中 · 待确认');

    await page.goto(`${paths.device}?imei=${device.imei}`);
    await expect(page.locator('.ant-table-row', { hasText: device.name })).toContainText('离线', FIRST_RENDER);
  });

  test.describe('(en, 375 px)', () => {
    test.use({ locale: 'en-US', viewport: NARROW });

    test('its page shows the offline state and the alarm', async ({ page, request }) => {
      test.setTimeout(150_000);
      const token = await apiLogin(request, ADMIN);
      const device = await neverReported(request, token, 'Unconnected well');

      await openSignedIn(page, request, ADMIN, deviceDetailPath(device.id));
      const header = page.getByRole('region', { name: 'Device details' });
      await expect(header.getByText('Never reported')).toBeVisible(FIRST_RENDER);
      await page.getByRole('tab', { name: 'Alarms' }).click();
      await expect(page.getByText('Offline', { exact: true }).last()).toBeVisible();
      await expect(page.locator('.ant-table-row, .ant-list-item, .ant-card', { hasText: 'Offline' }).first()).toBeVisible();
      await expectNoPageOverflow(page);
    });
  });
});
