import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import type { APIRequestContext } from '@playwright/test';

import { withCheckChar } from '../src/lib/credit-code';

import { E2E } from './env';

let serial = 0;

/** A short suffix that keeps names of this run apart (the database is fresh per run, retries are not). */
export function runId(): string {
  serial += 1;
  return `${(Date.now() % 1_000_000).toString(36)}${serial}`;
}

/**
 * A fresh valid unified social credit code: 17 characters (unique in this run), then their
 * GB 32100-2015 check character, which the server checks.
 */
export function creditCode(): string {
  serial += 1;
  const unique = `${String(Date.now()).slice(-6)}${String(serial).padStart(3, '0')}`;
  return withCheckChar(`91330106${unique}`);
}

/** One API call with a token; throws on anything but code 0. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${E2E.baseURL}/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${method} ${path}: ${res.status()} ${body.msg}`);
  return body.data;
}

export interface SeededCompany {
  id: number;
  name: string;
  adminAccount: string;
  adminPassword: string;
}

/** Creates a company with its administrator through the API (data other tests stand on). */
export async function seedCompany(
  request: APIRequestContext,
  token: string,
  name: string,
  region: { provinceCode: string; cityCode?: string; countyCode?: string } = { provinceCode: '330000', cityCode: '330100' },
): Promise<SeededCompany> {
  const id = runId();
  const adminAccount = `co_${id}`;
  const adminPassword = `Co-pass-${id}1`;
  const company = await api<{ id: number }>(request, token, 'POST', '/company', {
    name,
    creditCode: creditCode(),
    industryCode: 'D',
    ...region,
    contactPerson: '联系人',
    contactPhone: '13800138000',
    admin: { account: adminAccount, name: `${name}管理员`, password: adminPassword },
  });
  return { id: company.id, name, adminAccount, adminPassword };
}

let failureAddress = 10;

/**
 * A sign-in expected to fail, sent from an address of its own (X-Forwarded-For; the server runs
 * with IRGAS_TRUST_PROXY): failures count per address, and 127.0.0.1 must never need a captcha.
 * Returns the answer's code (0 if it unexpectedly succeeded).
 */
export async function failedSignIn(request: APIRequestContext, who: { account: string; password: string }): Promise<number> {
  failureAddress += 1;
  const headers = { 'X-Forwarded-For': `198.51.100.${failureAddress}` };
  const key = (await (await request.get(`${E2E.baseURL}/api/login-key`, { headers })).json()) as {
    data: { keyId: string; key: string };
  };
  const nonce = randomBytes(12);
  const sealed = gcm(Buffer.from(key.data.key, 'base64'), nonce).encrypt(utf8ToBytes(who.password));
  const password = Buffer.concat([Buffer.from(nonce), Buffer.from(sealed)]).toString('base64');
  const res = await request.post(`${E2E.baseURL}/api/login`, {
    headers,
    data: { account: who.account, password, keyId: key.data.keyId },
  });
  return ((await res.json()) as { code: number }).code;
}
