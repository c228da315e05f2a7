import type { Locator, Page } from '@playwright/test';

import { expect } from './fixtures';

/** The narrowest phone the console is laid out for. */
export const NARROW = { width: 375, height: 740 };

/** Nothing of the page itself scrolls sideways. */
export async function expectNoPageOverflow(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.body.scrollWidth]);
  for (const w of widths) expect(w).toBeLessThanOrEqual(NARROW.width);
}

/** Every rendered element the locator matches (at least one) lies within the screen's width. */
export async function expectInside(locator: Locator) {
  const boxes = await locator.evaluateAll((els) =>
    els.map((el) => el.getBoundingClientRect()).filter((b) => b.width > 0).map((b) => [b.left, b.right]),
  );
  expect(boxes.length).toBeGreaterThan(0);
  for (const [left, right] of boxes) {
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(NARROW.width + 0.5);
  }
}

/** The table scrolls sideways inside its own box. */
export async function expectTableScrolls(page: Page) {
  const content = page.locator('.ant-table-content').first();
  await expect(content).toBeVisible();
  const [scroll, client] = await content.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(client).toBeLessThanOrEqual(NARROW.width);
  expect(scroll).toBeGreaterThan(client);
  await content.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  expect(await content.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
}

/**
 * The rows of a list page in either form: table rows on wide screens, cards on phones (TablePage renders
 * a list's rows as cards below 992 px).
 */
export function listRows(page: Page): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row, .table-card');
}

/** On a phone, opens the list's folded filter form (its "Filters" / "筛选" button) and answers the form. */
export async function openFilters(page: Page): Promise<Locator> {
  const toggle = page.locator('.table-page-filter-toggle');
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const search = page.getByRole('search');
  await expect(search).toBeVisible();
  return search;
}

/** The list shows its rows as cards that fit the screen, no table. */
export async function expectCards(page: Page) {
  await expect(page.locator('.table-cards')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-table')).toHaveCount(0);
  const cards = page.locator('.table-card');
  if ((await cards.count()) > 0) await expectInside(cards);
}
