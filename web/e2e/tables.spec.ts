import type { APIRequestContext, Page } from '@playwright/test';

import { paths } from '../src/config/paths';

import { addDevice, api, ingest, runId, seedCompany, seedDeviceType, type AddedDevice } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { expectCards, expectNoPageOverflow, listRows, NARROW, openFilters } from './narrow';

/**
 * The list pages' shared table (TablePage) on the device list: it fits 1440 px with the sidebar open,
 * headers on one line, the alarming devices first, the signal as bars, a More menu, column settings and
 * row height remembered per account; at 375 px folded filters, cards and a short breadcrumb. Both languages.
 */

const WIDE = { width: 1440, height: 900 };
// A first load of the page (its lazy chunks) on a machine busy with other builds and tests.
const FIRST_LOAD = { timeout: 30_000 };

const LANGS = [
  {
    locale: 'zh-CN',
    title: '报警设备管理',
    sort: '排序',
    alarmingFirst: '报警优先',
    more: (imei: string) => `更多操作 ${imei}`,
    moreItems: ['参数', '指令', '重置密钥', '删除'],
    deleteTitle: '删除设备',
    confirm: /^确\s*定$/,
    deleted: '设备已删除',
    columnSettings: '列设置',
    rowHeight: '行高',
    compact: '紧凑',
    reset: '重置',
    voltage: '电压',
    name: '设备名称',
    filters: '筛选',
    filtersActive: (n: number) => `筛选（${n}）`,
    imei: 'IMEI',
    search: /查\s*询/,
    breadcrumb: '当前位置',
    mainMenu: '主菜单',
    detail: (imei: string) => `详情 ${imei}`,
  },
  {
    locale: 'en-US',
    title: 'Alarm Device Management',
    sort: 'Sort',
    alarmingFirst: 'Alarming first',
    more: (imei: string) => `More actions ${imei}`,
    moreItems: ['Parameters', 'Command', 'New secret', 'Delete'],
    deleteTitle: 'Delete device',
    confirm: /^Confirm$/,
    deleted: 'Device deleted',
    columnSettings: 'Column settings',
    rowHeight: 'Row height',
    compact: 'Compact',
    reset: 'Reset',
    voltage: 'Voltage',
    name: 'Name',
    filters: 'Filters',
    filtersActive: (n: number) => `Filters (${n})`,
    imei: 'IMEI',
    search: /Search/,
    breadcrumb: 'Breadcrumb',
    mainMenu: 'Main menu',
    detail: (imei: string) => `Detail ${imei}`,
  },
] as const;

interface Seeded {
  companyId: number;
  /** Created first, in a high alarm. */
  alarming: AddedDevice;
  /** Created last (the newest), normal. */
  quiet: AddedDevice;
}

/** A company with two devices: an older one in a high alarm (signal 20), a newer quiet one. */
async function seed(request: APIRequestContext): Promise<Seeded> {
  const token = await apiLogin(request, ADMIN);
  const id = runId();
  const company = await seedCompany(request, token, `表格${id}燃气有限公司`);
  const type = await seedDeviceType(request, token, { name: '红外甲烷探测器', model: `TB-${id}` });
  const alarming = await addDevice(request, token, { typeId: type.id, companyId: company.id, name: `报警井 ${id}` });
  await ingest(request, alarming, { ch4: 70, voltage: 362, signal: 20 });
  const quiet = await addDevice(request, token, { typeId: type.id, companyId: company.id, name: `安静井 ${id}` });
  await expect
    .poll(async () => (await api<{ alarmState: string }>(request, token, 'GET', `/device/${alarming.id}`)).alarmState, { timeout: 20_000 })
    .toBe('high');
  return { companyId: company.id, alarming, quiet };
}

/**
 * Every header cell's text stays on one line inside its cell (no break mid-word, nothing cut): each text
 * node's line boxes share one top, and end within the cell's padding box. (A fixed column's shadow makes
 * the cell's own scrollWidth larger, so the text is measured.)
 */
async function expectHeadersOnOneLine(page: Page) {
  const headers = page.locator('.ant-table-thead th');
  await expect(headers.first()).toBeVisible();
  const broken = await headers.evaluateAll((cells) =>
    cells.flatMap((th) => {
      const problems: string[] = [];
      const cell = th.getBoundingClientRect();
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push(`"${node.textContent}" on ${lines.size} lines`);
        const text = range.getBoundingClientRect();
        if (text.right > cell.right + 0.5 || text.left < cell.left - 0.5) problems.push(`"${node.textContent}" wider than its cell`);
      }
      return problems;
    }),
  );
  expect(broken).toEqual([]);
}

/** Neither the page nor the table scrolls sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const content = page.locator('.ant-table-content').first();
  await expect(content).toBeVisible();
  const [scroll, client] = await content.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(WIDE.width);
}

/** The open dropdown menu's items (the sidebar's menu aside). */
function dropdownItems(page: Page) {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
}

for (const lang of LANGS) {
  test.describe(`the device list at 1440 px (${lang.locale})`, () => {
    test.use({ locale: lang.locale, viewport: WIDE });

    test('fits with the sidebar open: alarming first, signal bars, a More menu, headers on one line', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { companyId, alarming, quiet } = await seed(request);
      const sorts: (string | null)[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/device') sorts.push(url.searchParams.get('sort'));
      });
      await openSignedIn(page, request, ADMIN, `${paths.device}?companyId=${companyId}`);
      await expect(page.locator('.app-wrapper')).toHaveAttribute('data-sidebar', 'open');
      const rows = listRows(page);
      await expect(rows).toHaveCount(2, FIRST_LOAD);

      // the alarming device first although the quiet one is newer; the sort offered in the toolbar
      await expect(rows.first()).toContainText(alarming.imei);
      expect(sorts.at(-1)).toBe('severity,-createdAt');
      await expect(page.getByRole('combobox', { name: lang.sort })).toBeVisible();
      await expect(page.locator('.devices-sort')).toContainText(lang.alarmingFirst);

      await expectNoHorizontalScroll(page);
      await expectHeadersOnOneLine(page);
      // rows of one line: the signal is bars, its words in a tooltip
      const box = await rows.first().boundingBox();
      expect(box!.height).toBeLessThan(60);
      const signal = rows.first().getByRole('img', { name: /^CSQ 20 · / });
      await signal.hover();
      await expect(page.getByRole('tooltip').filter({ hasText: 'CSQ 20' })).toBeVisible();

      // Detail and Edit in the row, the rest behind More, Delete last, red and confirmed
      const line = rows.filter({ hasText: quiet.imei });
      await expect(line.getByRole('link', { name: lang.detail(quiet.imei) })).toBeVisible();
      await line.getByRole('button', { name: lang.more(quiet.imei) }).click();
      await expect(dropdownItems(page)).toHaveText([...lang.moreItems]);
      await expect(dropdownItems(page).last()).toHaveClass(/ant-dropdown-menu-item-danger/);
      await dropdownItems(page).last().click();
      const confirm = page.getByRole('dialog').filter({ hasText: lang.deleteTitle });
      await expect(confirm).toContainText(quiet.name);
      await confirm.getByRole('button', { name: lang.confirm }).click();
      await expect(page.getByText(lang.deleted)).toBeVisible();
      await expect(rows).toHaveCount(1);
    });

    test('column settings and row height are remembered after a reload; reset brings the defaults back', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { companyId, alarming } = await seed(request);
      await openSignedIn(page, request, ADMIN, `${paths.device}?companyId=${companyId}`);
      await expect(listRows(page)).toHaveCount(2, FIRST_LOAD);
      const header = (name: string) => page.locator('.ant-table-thead th', { hasText: new RegExp(`^${name}$`) });
      await expect(header(lang.voltage)).toHaveCount(0);
      await expect(header(lang.name)).toHaveCount(1);

      await page.getByRole('button', { name: lang.columnSettings }).click();
      await page.getByRole('checkbox', { name: lang.voltage, exact: true }).check();
      await page.getByRole('checkbox', { name: lang.name, exact: true }).uncheck();
      await expect(header(lang.voltage)).toHaveCount(1);
      await expect(header(lang.name)).toHaveCount(0);
      await expect(listRows(page).filter({ hasText: alarming.imei })).toContainText('3.62 V');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: lang.rowHeight }).click();
      await page.getByRole('menuitem', { name: lang.compact }).click();
      await expect(page.locator('.ant-table.ant-table-small')).toHaveCount(1);

      await page.reload();
      await expect(listRows(page)).toHaveCount(2, FIRST_LOAD);
      await expect(header(lang.voltage)).toHaveCount(1);
      await expect(header(lang.name)).toHaveCount(0);
      await expect(page.locator('.ant-table.ant-table-small')).toHaveCount(1);
      // kept for the signed-in account and this list
      const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('gas_admin_table:')));
      expect(stored).toEqual([`gas_admin_table:${ADMIN.account}:${paths.device}`]);
      await expectNoHorizontalScroll(page);
      await expectHeadersOnOneLine(page);

      await page.getByRole('button', { name: lang.columnSettings }).click();
      await page.getByRole('button', { name: lang.reset, exact: true }).click();
      await expect(header(lang.voltage)).toHaveCount(0);
      await expect(header(lang.name)).toHaveCount(1);
      await expect(page.locator('.ant-table.ant-table-small')).toHaveCount(0);
    });

    test('the sidebar shows each menu name whole, or in a tooltip (title) where it is cut', async ({ page, request }) => {
      await openSignedIn(page, request, ADMIN, paths.device);
      const menu = page.getByRole('navigation', { name: lang.mainMenu });
      // open every group, so that every name shows
      const groups = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
      for (let n = await groups.count(); n > 0; n = await groups.count()) await groups.first().click();
      const labels = menu.locator('.sidebar-label');
      await expect(labels.first()).toBeVisible(FIRST_LOAD);
      const count = await labels.count();
      expect(count).toBeGreaterThan(5);
      for (let i = 0; i < count; i += 1) {
        const label = labels.nth(i);
        const [text, cut] = await label.evaluate((el) => [el.textContent ?? '', el.scrollWidth > el.clientWidth] as const);
        // cut: the whole name is the label's tooltip
        if (cut) await expect(label).toHaveAttribute('title', text);
        else await expect(label).not.toHaveAttribute('title');
      }
    });
  });

  test.describe(`the device list at 375 px (${lang.locale})`, () => {
    test.use({ locale: lang.locale, viewport: NARROW });

    test('filters fold behind a counting toggle, rows are cards with their actions, the breadcrumb is short', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { companyId, alarming, quiet } = await seed(request);
      await openSignedIn(page, request, ADMIN, `${paths.device}?companyId=${companyId}`);
      await expect(page.locator('.app-wrapper')).toHaveAttribute('data-device', 'mobile');

      // the list on the first screen: the filters folded, the company filter counted
      await expectCards(page);
      const cards = page.locator('.table-card');
      await expect(cards).toHaveCount(2);
      await expect(page.getByRole('search')).toBeHidden();
      const toggle = page.getByRole('button', { name: lang.filtersActive(1) });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect((await cards.first().boundingBox())!.y).toBeLessThan(NARROW.height);

      // a card: IMEI and name as its title, the alarming one first, the actions at its bottom
      await expect(cards.first().locator('.table-card-title')).toContainText(alarming.imei);
      await expect(cards.first().locator('.table-card-title')).toContainText(alarming.name);
      const actions = cards.first().locator('.table-card-actions');
      await expect(actions.getByRole('link', { name: lang.detail(alarming.imei) })).toBeVisible();
      await actions.getByRole('button', { name: lang.more(alarming.imei) }).click();
      await expect(dropdownItems(page)).toHaveText([...lang.moreItems]);
      await page.keyboard.press('Escape');
      await expect(dropdownItems(page)).toHaveCount(0);

      // the filters: open, search, folded again with two counted
      const search = await openFilters(page);
      await search.getByLabel(lang.imei, { exact: true }).fill(quiet.imei);
      await search.getByRole('button', { name: lang.search }).click();
      await expect(page.getByRole('search')).toBeHidden();
      await expect(page.getByRole('button', { name: lang.filtersActive(2) })).toBeVisible();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(quiet.imei);

      // the breadcrumb: the current page only
      const crumbs = page.getByRole('navigation', { name: lang.breadcrumb });
      await expect(crumbs).toHaveText(lang.title);
      await expect(crumbs.getByRole('link')).toHaveCount(0);
      await expectNoPageOverflow(page);
    });
  });
}
