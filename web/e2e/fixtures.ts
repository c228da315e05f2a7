import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { E2E } from './env';

interface Account {
  account: string;
  password: string;
}

/** Signs in through the API exactly as the console does (login key + AES-256-GCM). */
export async function apiLogin(request: APIRequestContext, who: Account): Promise<string> {
  const keyRes = await request.get(`${E2E.baseURL}/api/login-key`);
  const key = (await keyRes.json()) as { data: { keyId: string; key: string } };
  const nonce = randomBytes(12);
  const sealed = gcm(Buffer.from(key.data.key, 'base64'), nonce).encrypt(utf8ToBytes(who.password));
  const password = Buffer.concat([Buffer.from(nonce), Buffer.from(sealed)]).toString('base64');
  const res = await request.post(`${E2E.baseURL}/api/login`, {
    data: { account: who.account, password, keyId: key.data.keyId },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`sign-in of ${who.account} failed: ${body.msg}`);
  return body.data.token;
}

/** Puts a session into the page's storage, then opens `path`. */
export async function openSignedIn(page: Page, request: APIRequestContext, who: Account, path = '/') {
  const token = await apiLogin(request, who);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('gas_admin_token', t), token);
  await page.goto(path);
  return token;
}

/** Signs in through the form on /login. */
export async function signInWithForm(page: Page, who: Account, labels: { account: string; password: string; submit: RegExp }) {
  await page.getByLabel(labels.account).fill(who.account);
  await page.getByLabel(labels.password).fill(who.password);
  await page.getByRole('button', { name: labels.submit }).click();
}

/** An entry of the open region cascader (its accessible name also carries the expand icon's). */
export function regionOption(page: Page, name: string): Locator {
  return page.locator(`.ant-cascader-menu-item[title="${name}"]`);
}

/**
 * Opens the region cascader `field` and picks `path` (province, city, county) in it, each entry once its
 * column shows. (The suite runs with reduced motion, so the dropdown does not slide while it is clicked.)
 */
export async function pickRegion(page: Page, field: Locator, path: string[]) {
  await field.click();
  for (const name of path) await regionOption(page, name).click();
}

export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(E2E.baseURL);
  },
  // The server sends a Content-Security-Policy with the console: anything it blocks fails the test.
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'Content Security Policy violations').toEqual([]);
  },
});

export { expect };
