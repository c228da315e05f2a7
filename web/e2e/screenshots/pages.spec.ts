import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Page } from '@playwright/test';

import { deviceDetailPath, paths } from '../../src/config/paths';
import { api } from '../data';
import { ADMIN } from '../env';
import { apiLogin, expect, openSignedIn, test } from '../fixtures';
import { NARROW } from '../narrow';

/**
 * Screenshots of every page for docs/console.md, taken from `irgas serve --demo` (the demo company, its
 * detectors reporting, a leak 20 s after start). Not part of `make test`: `npm run screenshots` writes
 * docs/screenshots/<page>-<language>-<width>.png (what the screen shows, not the whole page).
 */
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'screenshots');

const WIDE = { width: 1440, height: 900 };

interface Shot {
  name: string;
  path: string | ((deviceId: number) => string);
  /** What shows once the page has its data. */
  ready: (page: Page) => Promise<void>;
  narrow?: boolean;
  english?: boolean;
}

const rows = async (page: Page) => {
  await expect(page.locator('.ant-table-row, .ant-list-item, .table-card').first()).toBeVisible({ timeout: 30_000 });
};

const SHOTS: Shot[] = [
  // the home charts draw SVG (an echarts root holds groups; an icon's svg does not)
  { name: 'home', path: paths.dashboard, ready: async (p) => expect(p.locator('svg g').first()).toBeVisible({ timeout: 30_000 }), narrow: true, english: true },
  { name: 'alarms', path: paths.alarms, ready: rows, narrow: true, english: true },
  { name: 'devices', path: paths.device, ready: rows, narrow: true, english: true },
  { name: 'device-detail', path: (id) => deviceDetailPath(id), ready: async (p) => expect(p.locator('canvas').first()).toBeVisible({ timeout: 30_000 }), narrow: true, english: true },
  { name: 'device-types', path: paths.deviceType, ready: rows },
  { name: 'companies', path: paths.enterprise, ready: rows },
  { name: 'users', path: paths.user, ready: rows },
  { name: 'roles', path: paths.role, ready: rows },
  { name: 'sms-users', path: paths.smsUser, ready: rows },
  { name: 'sms-records', path: paths.smsSendRecord, ready: rows, english: true },
  { name: 'operation-logs', path: paths.operationLog, ready: rows },
];

async function shoot(page: Page, file: string) {
  // Let charts finish their entry animation and relative times settle.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(OUT, file) });
}

test.describe.configure({ mode: 'serial' });

let deviceId = 0;

test.beforeAll(async ({ request }) => {
  mkdirSync(OUT, { recursive: true });
  const token = await apiLogin(request, ADMIN);
  // The demo's first leak starts 20 s after the server; its alarm and SMS make the pages worth a look.
  await expect
    .poll(async () => (await api<{ total: number }>(request, token, 'GET', '/alarmLog?kind=gas')).total, { timeout: 90_000 })
    .toBeGreaterThan(0);
  const alarming = await api<{ list: { id: number }[] }>(request, token, 'GET', '/device?sort=severity,-createdAt&pageSize=1');
  deviceId = alarming.list[0].id;
});

for (const [lang, locale] of [['zh-CN', 'zh-CN'], ['en', 'en-US']] as const) {
  test.describe(lang, () => {
    test.use({ locale });
    for (const shot of SHOTS.filter((s) => lang === 'zh-CN' || s.english)) {
      test(`${shot.name} at 1440 px`, async ({ page, request }) => {
        await page.setViewportSize(WIDE);
        const path = typeof shot.path === 'function' ? shot.path(deviceId) : shot.path;
        await openSignedIn(page, request, ADMIN, path);
        await shot.ready(page);
        await shoot(page, `${shot.name}-${lang}-1440.png`);
      });
      if (shot.narrow && lang === 'zh-CN') {
        test(`${shot.name} at 375 px`, async ({ page, request }) => {
          await page.setViewportSize(NARROW);
          const path = typeof shot.path === 'function' ? shot.path(deviceId) : shot.path;
          await openSignedIn(page, request, ADMIN, path);
          await shot.ready(page);
          await shoot(page, `${shot.name}-${lang}-375.png`);
        });
      }
    }
  });
}
