import { spawn, type ChildProcess } from 'node:child_process';

import { deviceDetailPath } from '../src/config/paths';

import { api, luhnIMEI } from './data';
import { ADMIN, E2E } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';

/** The IMEI `irgas simulate` gives its n-th detector: 86000002, six digits, the Luhn check digit. */
function simulatedIMEI(n: number): string {
  return luhnIMEI(`86000002${String(n).padStart(6, '0')}`);
}

/**
 * `irgas simulate` in a process of its own, as an operator would run it: two detectors over HTTP, living 600
 * times faster than real ones (a 5-minute report every half second), the first one leaking 20 s after start
 * (time for the home page to open first).
 */
function startSimulator(): ChildProcess {
  const sim = spawn(
    E2E.bin,
    ['simulate', '--database-url', E2E.databaseURL, '--devices', '2', '--transport', 'http', '--url', E2E.baseURL,
      '--scale', '600', '--first-leak', '20s', '--leak-chance', '0', '--log-level', 'warn'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  sim.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  sim.on('exit', (code) => {
    if (code && code !== 0 && code !== null) console.error(`irgas simulate exited with ${code}: ${errors}`);
  });
  return sim;
}

test.describe('a simulated detector (en)', () => {
  test.use({ locale: 'en-US' });

  test('its leak shows live on the home page, is acknowledged and handled on its page, and reaches the SMS records', async ({ page, request }) => {
    test.setTimeout(180_000);
    const sim = startSimulator();
    try {
      const token = await apiLogin(request, ADMIN);
      const imei = simulatedIMEI(1);
      // The simulator provisions its detectors in the demo company before it starts.
      let device: { id: number } | undefined;
      await expect
        .poll(async () => {
          const page1 = await api<{ list: { id: number }[] }>(request, token, 'GET', `/device?imei=${imei}`);
          device = page1.list[0];
          return page1.list.length;
        }, { timeout: 30_000 })
        .toBe(1);

      // The home page is open when the leak starts: a live notification names the detector.
      await openSignedIn(page, request, ADMIN, '/dashboard');
      await page.evaluate(() => {
        (window as unknown as { __simMark?: boolean }).__simMark = true;
      });
      const notice = page.locator('.ant-notification-notice', { hasText: `(IMEI ${imei})` }).first();
      await expect(notice).toBeVisible({ timeout: 60_000 });
      await expect(notice).toContainText(/gas alarm/i);
      await notice.getByRole('link', { name: 'Open the device' }).click();
      await expect(page).toHaveURL(new RegExp(`${deviceDetailPath(device!.id)}$`));
      const header = page.getByRole('region', { name: 'Device details' });
      await expect(header.getByText(imei)).toBeVisible({ timeout: 30_000 });
      await expect(header.getByText('Online', { exact: true })).toBeVisible({ timeout: 30_000 });

      // The leak reaches the high threshold (50 %LEL) within seconds: the header and the alarms follow.
      await page.getByRole('tab', { name: 'Alarms' }).click();
      const row = page.locator('.ant-table-row', { hasText: 'Gas' }).first();
      await expect(row).toBeVisible({ timeout: 40_000 });
      // The open alarm is raised from low to high in place; the page learns it at its next poll of the device
      // (every 10 s), so the wait is longer than the default.
      await expect(row.getByText('High', { exact: true })).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { __simMark?: boolean }).__simMark)).toBe(true);

      await row.getByRole('button', { name: /^Acknowledge #\d+$/ }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Alarm acknowledged')).toBeVisible();
      await row.getByRole('button', { name: /^Handle #\d+$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Handle the alarm' });
      await dialog.getByLabel('Note').fill('Simulated leak: valve closed');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Alarm handled')).toBeVisible();
      await expect(row.getByText('Simulated leak: valve closed')).toBeVisible();

      // The demo company's duty dispatcher got an SMS (the log provider records it as sent).
      await expect
        .poll(async () => {
          const log = await api<{ list: { deviceId: number; status: string }[] }>(request, token, 'GET', `/smsSendLog?phone=13800000001&deviceId=${device!.id}`);
          return log.list.filter((m) => m.status === 'sent').length;
        }, { timeout: 30_000 })
        .toBeGreaterThan(0);
      await page.goto('/SmsSendRecordModule/SmsSendRecordManagement?phone=13800000001');
      await expect(page.locator('.ant-table-row', { hasText: '文三路阀门井 01' }).first()).toBeVisible({ timeout: 30_000 });

      // The readings keep coming.
      await page.goto(deviceDetailPath(device!.id));
      await page.getByRole('tab', { name: 'Readings' }).click({ timeout: 30_000 });
      const readings = async () => {
        const data = await api<{ total: number }>(request, token, 'GET', `/deviceDataLog?deviceId=${device!.id}`);
        return data.total;
      };
      const before = await readings();
      await expect.poll(readings, { timeout: 20_000 }).toBeGreaterThan(before);
      await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toContainText('%LEL');
    } finally {
      sim.kill('SIGTERM');
    }
  });
});
