import type { APIRequestContext, Locator } from '@playwright/test';

import { homeEn, homeZhCN } from '../src/features/dashboard/locales';

import { addDevice, api, ingest, runId, seedCompany, seedDeviceType } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { expectNoPageOverflow, NARROW } from './narrow';

/**
 * The console speaks words, not codes (operation records, SMS records), greets the default super
 * administrator by a title in the reader's language, and its home page has no gap in its grid and the
 * values written on its charts: at 1440 px and at 375 px, in both languages.
 */

const OPLOG_PAGE = '/OperationLogModule/OperationLogManagement';
const RECORDS_PAGE = '/SmsSendRecordModule/SmsSendRecordManagement';
const WIDE = { width: 1440, height: 900 };
const FIRST_LOAD = { timeout: 30_000 };

const LANGUAGES = [
  {
    lang: 'zh-CN',
    locale: 'zh-CN',
    home: homeZhCN,
    greeting: '欢迎您，系统管理员',
    adminName: '系统管理员',
    ackAlarm: '确认报警',
    alarmModule: '报警中心',
    throttled: '10分钟内已向该号码发送过此设备同类报警短信，本条未发送',
  },
  {
    lang: 'en',
    locale: 'en-US',
    home: homeEn,
    greeting: 'Welcome, Administrator',
    adminName: 'Administrator',
    ackAlarm: 'Acknowledge alarm',
    alarmModule: 'Alarm Center',
    throttled: 'Not sent: an SMS about this device and alarm kind went to this phone within the last 10 minutes',
  },
] as const;

let serial = 0;

/** A fresh mainland mobile number (unique in this run). */
function newMobile(): string {
  serial += 1;
  return `137${String(Date.now()).slice(-6)}${String(serial % 100).padStart(2, '0')}`;
}

/** As ADMIN: a company (with its administrator), a device type (thresholds 20 / 50 %LEL) and a device. */
async function seed(request: APIRequestContext) {
  const token = await apiLogin(request, ADMIN);
  const id = runId();
  const company = await seedCompany(request, token, `Words Gas Co ${id}`);
  const type = await seedDeviceType(request, token, { name: 'IR methane detector', model: `WD-${id}` });
  const device = await addDevice(request, token, { typeId: type.id, companyId: company.id, name: `Words well ${id}` });
  return { token, company, device, companyAdmin: { account: company.adminAccount, password: company.adminPassword } };
}

/**
 * Cards of a grid: the cards of each row (same top) are as tall as their cell and as one another, and
 * the row's cells span the grid's whole width (no gap at the end of a row).
 */
async function expectFullRows(cards: Locator) {
  const boxes = await cards.evaluateAll((els) =>
    els.map((el) => {
      const cell = el.parentElement as HTMLElement;
      const row = cell.parentElement as HTMLElement;
      const c = cell.getBoundingClientRect();
      const r = row.getBoundingClientRect();
      const padding = parseFloat(getComputedStyle(cell).paddingLeft) + parseFloat(getComputedStyle(cell).paddingRight);
      return { top: Math.round(c.top), left: c.left, right: c.right, cellHeight: c.height, height: el.getBoundingClientRect().height, padding, rowLeft: r.left, rowRight: r.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(0);
  const rows = new Map<number, typeof boxes>();
  for (const b of boxes) rows.set(b.top, [...(rows.get(b.top) ?? []), b]);
  for (const row of rows.values()) {
    const heights = row.map((b) => b.height);
    expect(Math.max(...heights) - Math.min(...heights), 'cards of a row as tall as one another').toBeLessThanOrEqual(1);
    for (const b of row) expect(Math.abs(b.cellHeight - b.height), 'a card fills its cell').toBeLessThanOrEqual(1);
    expect(Math.abs(Math.min(...row.map((b) => b.left)) - row[0].rowLeft)).toBeLessThanOrEqual(1);
    expect(Math.abs(Math.max(...row.map((b) => b.right)) - row[0].rowRight), 'the row is full').toBeLessThanOrEqual(1);
  }
}

/** The values written on a chart: its bold numbers (the axes' ticks are not bold). */
async function chartValues(chart: Locator): Promise<string[]> {
  return chart.locator('svg text').evaluateAll((els) =>
    els
      .filter((el) => /bold/.test(el.getAttribute('style') ?? '') || el.getAttribute('font-weight') === 'bold')
      .map((el) => el.textContent?.trim() ?? '')
      .filter((text) => /^\d+$/.test(text)),
  );
}

/** An element's text colour is not antd's error red. */
async function expectNotRed(locator: Locator) {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  expect(color).not.toBe('rgb(255, 77, 79)');
}

for (const words of LANGUAGES) {
  for (const [size, viewport] of [['1440 px', WIDE], ['375 px', NARROW]] as const) {
    test.describe(`words (${words.lang}, ${size})`, () => {
      test.use({ locale: words.locale, viewport });

      test('home: the administrator greeted by title, values on the charts, no gap in the grid', async ({ page, request }) => {
        test.setTimeout(120_000);
        const { device } = await seed(request);
        // an alarm today: the trend has a bar to write on
        await ingest(request, device, { ts: Date.now(), ch4: 62, voltage: 362, signal: 21 });

        await openSignedIn(page, request, ADMIN, '/dashboard');
        await expect(page.getByRole('heading', { name: words.greeting })).toBeVisible(FIRST_LOAD);
        await expect(page.getByRole('heading', { name: /Administrator/ })).toHaveCount(words.lang === 'en' ? 1 : 0);
        await page.getByRole('button', { name: /admin/ }).click();
        await expect(page.getByRole('menuitem', { name: words.adminName, exact: true })).toBeVisible();
        await page.keyboard.press('Escape');

        // every chart writes its values: the day's total on the trend, the counts on the slices and bars
        for (const name of [words.home.trend.chart, words.home.byType.chart, words.home.byProvince.chart]) {
          const chart = page.getByRole('img', { name });
          await chart.scrollIntoViewIfNeeded();
          await expect(chart.locator('svg').first()).toBeVisible(FIRST_LOAD);
          await expect.poll(() => chartValues(chart), { message: `values on ${name}` }).not.toEqual([]);
          const values = await chartValues(chart);
          expect(values.every((v) => Number(v) > 0)).toBe(true);
        }
        // the figures (11 for the administrator) and the charts below: full rows of equal cards
        await expect(page.locator('.home-figure')).toHaveCount(11);
        await expectFullRows(page.locator('.home-figure'));
        await expectFullRows(page.locator('.ant-col > .ant-card:not(.home-figure)'));
        if (viewport === NARROW) await expectNoPageOverflow(page);
      });

      test('records: actions and modules in words, a throttled SMS said in a sentence, not in red', async ({ page, request }) => {
        test.setTimeout(150_000);
        const { token, company, device, companyAdmin } = await seed(request);
        const phone = newMobile();
        await api(request, token, 'POST', '/smsUser', { name: `Duty ${phone}`, phone, companyId: company.id });
        const companyToken = await apiLogin(request, companyAdmin);

        // an alarm, acknowledged by the company's administrator: an operation record (ackAlarm)
        await ingest(request, device, { ts: Date.now(), ch4: 65.5, voltage: 362, signal: 21 });
        const alarms = await api<{ list: { id: number }[] }>(request, token, 'GET', `/alarmLog?deviceId=${device.id}`);
        expect(alarms.list).toHaveLength(1);
        await api(request, companyToken, 'PUT', `/alarmLog/${alarms.list[0].id}/ack`);
        // its SMS queued, the alarm ends and a new one starts within the throttle window (10 min): throttled
        const statuses = async () =>
          (await api<{ list: { status: string }[] }>(request, token, 'GET', `/smsSendLog?phone=${phone}`)).list.map((m) => m.status);
        await expect.poll(statuses, { timeout: 20_000, intervals: [1_000] }).not.toEqual([]);
        await ingest(request, device, { ts: Date.now(), ch4: 0, voltage: 362, signal: 21 });
        await ingest(request, device, { ts: Date.now() + 1, ch4: 65.5, voltage: 362, signal: 21 });
        await expect.poll(statuses, { timeout: 20_000, intervals: [1_000] }).toContain('throttled');

        // the operation record of the acknowledgement
        await openSignedIn(page, request, ADMIN, `${OPLOG_PAGE}?account=${companyAdmin.account}`);
        // a table row on a wide screen, a card of the list on a phone
        const main = page.getByRole('main');
        const record = (viewport === NARROW ? main.getByRole('listitem') : main.locator('.ant-table-tbody tr.ant-table-row')).filter({
          hasText: words.ackAlarm,
        });
        await expect(record).toBeVisible(FIRST_LOAD);
        await expect(record).toContainText(words.alarmModule);
        await expect(main).not.toContainText('ackAlarm');
        await expect(main).not.toContainText('AlarmManagement');
        if (viewport === NARROW) await expectNoPageOverflow(page);

        // the SMS record held by the throttle
        await page.goto(`${RECORDS_PAGE}?phone=${phone}`);
        const reason = page.getByText(words.throttled, { exact: true });
        await expect(reason).toHaveCount(1, FIRST_LOAD);
        await reason.scrollIntoViewIfNeeded();
        await expect(reason).toBeVisible();
        await expectNotRed(reason);
        await expect(page.getByRole('main')).not.toContainText('10m0s');
        if (viewport === NARROW) await expectNoPageOverflow(page);
      });
    });
  }
}
