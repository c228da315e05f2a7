import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { deviceDetailPath, paths } from '../src/config/paths';

import { addDevice, api, ingest, seedDevice, type AddedDevice } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, test } from './fixtures';
import { expectInside, expectNoPageOverflow, NARROW } from './narrow';

// A first load of the console (its lazy chunks) on a machine busy with other builds and tests.
const FIRST_LOAD = { timeout: 30_000 };
// The bell and the lists follow the live feed (and poll every 30 s): a change shows within that.
const LIVE = { timeout: 40_000 };
const WIDE = { width: 1440, height: 900 };

/** What the console says, per language. */
const WORDS = {
  'zh-CN': {
    soundBlocked: '报警提示音：点击开启声音',
    soundEnable: '点击开启声音',
    sound: '报警提示音',
    bell: '待确认报警',
    bellCount: (n: number) => `待确认报警：${n} 条`,
    more: (n: number) => `还有 ${n} 条报警`,
    ack: (id: number) => `确认报警 #${id}`,
    acked: '已确认',
    latest: '最新报警',
    openDevice: (name: string) => `查看设备 ${name}`,
    allAlarms: '进入报警中心',
    tabNew: (n: number) => `待确认（${n}）`,
    tabAcked: (n: number) => `已确认（${n}）`,
  },
  en: {
    soundBlocked: 'Alarm sound: click to enable sound',
    soundEnable: 'Click to enable sound',
    sound: 'Alarm sound',
    bell: 'Alarms to acknowledge',
    bellCount: (n: number) => `Alarms to acknowledge: ${n}`,
    more: (n: number) => `+${n} more alarms`,
    ack: (id: number) => `Acknowledge alarm #${id}`,
    acked: 'Acknowledged',
    latest: 'Latest alarms',
    openDevice: (name: string) => `Open the device ${name}`,
    allAlarms: 'Open the Alarm Center',
    tabNew: (n: number) => `New (${n})`,
    tabAcked: (n: number) => `Acknowledged (${n})`,
  },
} as const;

/** A company with five detectors of one type, as ADMIN; its administrator sees only these alarms. */
async function seedFive(request: APIRequestContext, tag: string) {
  const token = await apiLogin(request, ADMIN);
  const first = await seedDevice(request, token, { company: `Bell ${tag}`, model: `BL${tag}`, name: `Bell well ${tag}` });
  const { companyId, typeId } = await api<{ companyId: number; typeId: number }>(request, token, 'GET', `/device/${first.id}`);
  const devices: AddedDevice[] = [first];
  for (const n of [2, 3, 4, 5]) devices.push(await addDevice(request, token, { typeId, companyId, name: `${first.name} #${n}` }));
  return { devices, admin: first.companyAdmin };
}

/**
 * Opens the page signed in, as a reload would find it, and waits until the live feed is connected (a new
 * feed starts at the newest event). The session is put in place by an init script rather than by
 * openSignedIn's page.evaluate: an evaluate counts as a user gesture, which chromium carries over to the
 * next page of the origin and which would let it play sound at once.
 */
async function openWithFeed(page: Page, request: APIRequestContext, who: { account: string; password: string }, path: string) {
  const token = await apiLogin(request, who);
  await page.addInitScript((t) => localStorage.setItem('gas_admin_token', t), token);
  const feed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200);
  await page.goto(path);
  await feed;
}

/** Every rendered element of the locator lies on screen, below the top bar. */
async function expectOnScreenBelowBar(page: Page, locator: Locator) {
  const size = page.viewportSize() ?? WIDE;
  const boxes = await locator.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((b) => [b.left, b.top, b.right, b.bottom]));
  expect(boxes.length).toBeGreaterThan(0);
  for (const [left, top, right, bottom] of boxes) {
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(size.width + 0.5);
    expect(top).toBeGreaterThanOrEqual(50); // the top bar is 50 px high
    expect(bottom).toBeLessThanOrEqual(size.height + 0.5);
  }
}

// Playwright's tracing counts as a user gesture for chromium (the page could play sound at once, and the
// "click to enable sound" state would never show): off in this file.
test.use({ trace: 'off' });

for (const [locale, language] of [
  ['zh-CN', 'zh-CN'],
  ['en-US', 'en'],
] as const) {
  const w = WORDS[language];
  for (const [label, viewport] of [
    ['1440 px', WIDE],
    ['375 px', NARROW],
  ] as const) {
    test.describe(`alarm notifications (${language}, ${label})`, () => {
      test.use({ locale, viewport });

      test('blocked sound, pop-ups in a corner collapsed beyond three, the bell counting, listing and acknowledging', async ({
        page,
        request,
      }) => {
        test.setTimeout(180_000);
        const { devices, admin } = await seedFive(request, `${language}${viewport.width}`);
        await openWithFeed(page, request, admin, paths.dashboard);

        // a fresh page, before any click: the browser will not play the chime, and the switch says so
        const sound = page.getByTestId('alarm-sound-toggle');
        await expect(sound).toHaveAttribute('data-sound-state', 'blocked', FIRST_LOAD);
        await expect(sound).toHaveAccessibleName(w.soundBlocked);
        if (viewport.width > NARROW.width) await expect(sound).toHaveText(w.soundEnable);
        else await expect(sound).toHaveText(''); // no room on a phone: the warning icon and its tooltip
        await sound.hover();
        await expect(page.getByRole('tooltip')).toContainText(w.soundEnable, { ignoreCase: true });
        // a click enables it (it does not switch the sound off)
        await sound.click();
        await expect(sound).toHaveAttribute('data-sound-state', 'on');
        await expect(sound).toHaveAccessibleName(w.sound);
        await expect(sound).toHaveAttribute('aria-pressed', 'true');

        const bell = page.getByTestId('alarm-bell');
        await expect(bell).toHaveAccessibleName(w.bell);

        // five leaks at once: three pop-ups (two on a phone) in the bottom-right corner, the older ones
        // collapsed into one item above them
        for (const device of devices) await ingest(request, device, { ts: Date.now(), ch4: 62, voltage: 360, signal: 20 });
        const notices = page.locator('.live-notification:not(.live-more)');
        const more = page.getByTestId('live-more');
        const shown = viewport.width === NARROW.width ? 2 : 3;
        await expect(more).toContainText(w.more(5 - shown), LIVE);
        await expect(notices).toHaveCount(shown);
        await expectOnScreenBelowBar(page, page.locator('.live-notification'));
        const moreTop = (await more.boundingBox())?.y ?? Infinity;
        for (const box of await notices.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top))) expect(box).toBeGreaterThan(moreTop);
        const right = await notices.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
        for (const r of right) expect(r).toBeGreaterThan(viewport.width - 60); // in the right-hand corner
        await expect(bell).toHaveAccessibleName(w.bellCount(5), LIVE);
        await expect(bell.locator('.ant-badge-count')).toHaveText(/5/);

        // "+2 more" opens the bell: the five alarms, most severe first, each with Acknowledge and Open
        await more.click();
        await expect(more).toBeHidden();
        const list = page.getByRole('region', { name: w.bell });
        await expect(list.locator('.alarm-bell-item')).toHaveCount(5);
        if (viewport.width === NARROW.width) {
          await expectInside(list);
          await expectNoPageOverflow(page);
        }
        const first = list.locator('.alarm-bell-item').first();
        const firstId = Number(await first.getAttribute('data-alarm-id'));
        await first.getByRole('button', { name: w.ack(firstId) }).click();
        await expect(page.locator('.ant-message').getByText(w.acked, { exact: true }).first()).toBeVisible();
        await expect(bell).toHaveAccessibleName(w.bellCount(4), LIVE);
        await expect(list.locator('.alarm-bell-item')).toHaveCount(4, LIVE);
        await expect(list.locator(`[data-alarm-id="${firstId}"]`)).toHaveCount(0);
        await page.keyboard.press('Escape');
        if (await list.isVisible()) await bell.click();
        await expect(list).toBeHidden();

        // acknowledged from a pop-up: it closes
        const notice = notices.filter({ has: page.getByRole('button', { name: /#\d+$/ }) }).last();
        const ackInNotice = notice.getByRole('button', { name: /#\d+$/ });
        const noticeAlarm = Number((await ackInNotice.getAttribute('aria-label'))?.replace(/^.*#/, ''));
        await ackInNotice.click();
        await expect(page.getByRole('button', { name: w.ack(noticeAlarm) })).toHaveCount(0);
        await expect(bell).toHaveAccessibleName(w.bellCount(3), LIVE);

        // the home page's latest alarms: Acknowledge and Open
        const latest = page.getByRole('region', { name: w.latest });
        const row = latest.locator('.home-alarm').filter({ has: page.getByRole('button', { name: /#\d+$/ }) }).first();
        await expect(row).toBeVisible(LIVE);
        const rowAck = row.getByRole('button', { name: /#\d+$/ });
        const rowAlarm = Number((await rowAck.getAttribute('aria-label'))?.replace(/^.*#/, ''));
        await rowAck.click();
        await expect(bell).toHaveAccessibleName(w.bellCount(2), LIVE);
        await expect(latest.locator(`[data-alarm-id="${rowAlarm}"]`).getByRole('button', { name: w.ack(rowAlarm) })).toHaveCount(0, LIVE);

        // the Alarm Center's tabs count what is left
        await bell.click();
        await list.getByRole('link', { name: w.allAlarms }).click();
        await expect(page).toHaveURL(paths.alarms);
        const tabs = page.getByRole('tablist');
        await expect(tabs.getByRole('tab', { name: w.tabNew(2), exact: true })).toBeVisible(LIVE);
        await expect(tabs.getByRole('tab', { name: w.tabAcked(3), exact: true })).toBeVisible(LIVE);

        // Open from the bell goes to the device's page
        await bell.click();
        const item = list.locator('.alarm-bell-item').first();
        const name = (await item.locator('strong').textContent()) ?? '';
        const device = devices.find((d) => d.name === name);
        expect(device).toBeTruthy();
        await item.getByRole('link', { name: w.openDevice(name) }).click();
        await expect(page).toHaveURL(deviceDetailPath(device?.id ?? 0));
        await expect(list).toBeHidden();
        if (viewport.width === NARROW.width) await expectNoPageOverflow(page);
      });
    });
  }
}
