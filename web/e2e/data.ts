import { gcm } from '@noble/ciphers/aes.js';
import { randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

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

/** An IMEI: its 14-digit body and the Luhn check digit the server checks. */
export function luhnIMEI(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A fresh valid IMEI: `prefix` and digits unique in this run (14 in all), then the Luhn check digit. */
export function imei(prefix = '86'): string {
  serial += 1;
  return luhnIMEI(`${prefix}${String(Date.now()).slice(-9)}${String(serial % 1000).padStart(3, '0')}`);
}

export interface SeededDeviceType {
  id: number;
  name: string;
  model: string;
}

/** A methane detector type through the API: 0–100 %LEL, thresholds 20 / 50 %LEL, reports every 5 min, NB-IoT. */
export async function seedDeviceType(
  request: APIRequestContext,
  token: string,
  { name, model, manufacturer = '测试制造商', description }: { name: string; model: string; manufacturer?: string; description?: string },
): Promise<SeededDeviceType> {
  const type = await api<{ id: number }>(request, token, 'POST', '/deviceClassify', {
    name,
    model,
    manufacturer,
    unit: '%LEL',
    rangeMin: 0,
    rangeMax: 100,
    lowThreshold: 20,
    highThreshold: 50,
    reportInterval: 5,
    heartbeatInterval: 60,
    communication: 'NB-IoT',
    ...(description === undefined ? {} : { description }),
  });
  return { id: type.id, name, model };
}

export interface AddedDevice {
  id: number;
  imei: string;
  name: string;
  secret: string;
}

/** A device of a type and company (in 浙江省 杭州市) with a fresh IMEI through the API; answers its secret. */
export async function addDevice(
  request: APIRequestContext,
  token: string,
  device: { typeId: number; companyId: number; name: string; address?: string; imei?: string },
): Promise<AddedDevice> {
  const { imei: number = imei(), address, ...rest } = device;
  const added = await api<AddedDevice>(request, token, 'POST', '/device', {
    imei: number,
    ...rest,
    provinceCode: '330000',
    cityCode: '330100',
    ...(address === undefined ? {} : { address }),
  });
  expect(added.secret).toBeTruthy();
  return added;
}

export interface SeededDevice extends AddedDevice {
  companyAdmin: { account: string; password: string };
}

/**
 * A company, a device type (thresholds 20 / 50 %LEL) and a device of that company, through the API. Names end
 * in a run id: "<company> <id>", model "<model>-<id>", device "<name> <id>".
 */
export async function seedDevice(
  request: APIRequestContext,
  token: string,
  names: { company: string; model: string; name: string; address?: string; imeiPrefix?: string },
): Promise<SeededDevice> {
  const id = runId();
  const company = await seedCompany(request, token, `${names.company} ${id}`);
  const type = await seedDeviceType(request, token, {
    name: 'IR methane detector',
    model: `${names.model}-${id}`,
    manufacturer: 'Acme Sensors',
    description: '<p>e2e</p>',
  });
  const device = await addDevice(request, token, {
    imei: imei(names.imeiPrefix),
    name: `${names.name} ${id}`,
    typeId: type.id,
    companyId: company.id,
    address: names.address,
  });
  return { ...device, companyAdmin: { account: company.adminAccount, password: company.adminPassword } };
}

/** A reading as a device sends it over HTTP (POST /api/ingest/{imei} with X-Device-Secret); `ts` is now unless given. */
export function sendReading(request: APIRequestContext, device: { imei: string; secret: string }, reading: Record<string, unknown>): Promise<APIResponse> {
  return request.post(`${E2E.baseURL}/api/ingest/${device.imei}`, {
    headers: { 'X-Device-Secret': device.secret },
    data: { ts: Date.now(), ...reading },
  });
}

/** A reading over HTTP, as an IoT cloud push would send it: expects it accepted. */
export async function ingest(request: APIRequestContext, device: { imei: string; secret: string }, reading: Record<string, unknown>) {
  const body = (await (await sendReading(request, device, reading)).json()) as { code: number; msg: string; data: { accepted: number } };
  expect(body.code, body.msg).toBe(0);
  expect(body.data.accepted).toBe(1);
}
