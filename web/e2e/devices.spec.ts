import { readFileSync } from 'node:fs';

import type { APIRequestContext, Page } from '@playwright/test';

import {
  addDevice,
  api,
  imei as newImei,
  runId,
  seedCompany,
  seedDeviceType,
  sendReading,
  type AddedDevice,
  type SeededCompany,
  type SeededDeviceType,
} from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, pickRegion, test } from './fixtures';
import { expectCards, expectInside, expectNoPageOverflow, NARROW, openFilters } from './narrow';
import { readFirstSheet } from './xlsx';

const PAGE = '/DeviceModule/DeviceManagement';

// ---- test data ----

/** The same IMEI with a wrong check digit. */
function badCheckDigit(imei: string): string {
  return imei.slice(0, 14) + String((Number(imei[14]) + 1) % 10);
}

function seedType(request: APIRequestContext, token: string) {
  const id = runId();
  return seedDeviceType(request, token, { name: `红外甲烷探测器${id}`, model: `GT-${id}` });
}

function seedDevice(request: APIRequestContext, token: string, type: SeededDeviceType, company: SeededCompany, name: string) {
  return addDevice(request, token, { typeId: type.id, companyId: company.id, name });
}

// ---- a minimal .xlsx writer (stored zip entries, inline strings) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A workbook of one sheet whose cells are all text. */
function xlsx(rows: string[][]): Buffer {
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((v, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${xml(v)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      `<sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

/** The first answer of a page on a busy shared machine may take a while. */
const FIRST_LOAD = 30_000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ---- page helpers ----

function row(page: Page, imei: string) {
  return page.getByRole('row', { name: new RegExp(imei) });
}

async function pick(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}


async function listed(request: APIRequestContext, token: string, query: string) {
  return api<{ list: AddedDevice[]; total: number }>(request, token, 'GET', `/device?${query}`);
}

test.describe('alarm device management (zh-CN)', () => {
  test('create with the secret shown once, live state refreshed, thresholds for several devices pending', async ({ page, request }) => {
    test.setTimeout(180_000); // a long flow on a shared machine: many dialogs, a live refresh, several files
    const token = await apiLogin(request, ADMIN);
    const type = await seedType(request, token);
    const company = await seedCompany(request, token, `设备测试${runId()}有限公司`);
    const imei = newImei();
    const name = `文三路${runId()}号井`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/device') posts.push(r.url());
    });

    await openSignedIn(page, request, ADMIN, `${PAGE}?companyId=${company.id}`);
    await expect(page).toHaveTitle('报警设备管理 - 红外气体检测平台', { timeout: FIRST_LOAD });
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备' });
    await expect(dialog).toBeVisible();

    // the check digit is checked before any call
    await dialog.getByLabel('IMEI').fill(badCheckDigit(imei));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('IMEI 校验位不正确，请核对')).toBeVisible();
    await expect(dialog.getByText('请输入设备名称')).toBeVisible();
    expect(posts).toEqual([]);

    await dialog.getByLabel('IMEI').fill(imei);
    await dialog.getByLabel('设备名称').fill(name);
    await pick(page, dialog.getByLabel('设备类型'), type.model);
    await pick(page, dialog.getByLabel('所属企业'), company.name);
    await pickRegion(page, dialog.getByLabel('所在地区'), ['浙江省', '杭州市', '西湖区']);
    await dialog.getByLabel('纬度').fill('95');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('纬度须在 -90 到 90 之间')).toBeVisible();
    await dialog.getByLabel('纬度').fill('30.28');
    await dialog.getByLabel('经度').fill('120.13');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();

    // the secret, once
    const shown = page.getByRole('dialog', { name: '设备密钥' });
    await expect(shown).toContainText('设备密钥只显示这一次');
    await expect(shown).toContainText(imei);
    const secret = (await shown.locator('.device-secret-value').innerText()).trim();
    expect(secret).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(posts).toHaveLength(1);
    await shown.getByRole('button', { name: /关\s*闭/ }).first().click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);
    const first = row(page, imei);
    await expect(first).toContainText(name);
    // the less used columns, shown from the column settings
    const settings = page.getByRole('button', { name: '列设置' });
    await settings.click();
    for (const column of ['在线状态', '电压', '所在地区']) await page.getByRole('checkbox', { name: column, exact: true }).check();
    await settings.click();
    await expect(first).toContainText('浙江省 杭州市 西湖区');
    await expect(first).toContainText('离线');
    await expect(first).toContainText('从未上报');

    // the shown secret is the device's: its reading comes into the table without a reload
    expect((await sendReading(request, { imei, secret }, { ch4: 56.78, voltage: 362, signal: 21 })).status()).toBe(200);
    await expect(first).toContainText('56.8', { timeout: 25_000 });
    await expect(first).toContainText('3.62 V');
    await expect(first.getByRole('img', { name: 'CSQ 21 · 能够稳定上网' })).toBeVisible();
    await expect(first).toContainText('在线');
    await expect(first).toContainText('刚刚');
    await expect(first).toContainText('高报');

    // two more, then the thresholds of all three at once
    const second = await seedDevice(request, token, type, company, `莫干山路${runId()}`);
    const third = await seedDevice(request, token, type, company, `天目山路${runId()}`);
    await page.reload();
    for (const one of [imei, second.imei, third.imei]) {
      await row(page, one).getByRole('checkbox').check();
      await expect(row(page, one)).toContainText('20.0 / 50.0');
    }
    await page.getByRole('button', { name: /批量设置参数（3）/ }).click();
    const params = page.getByRole('dialog', { name: '批量设置参数（3 台设备）' });
    await params.getByLabel('低报阈值 (%LEL)').fill('40');
    await params.getByLabel('高报阈值 (%LEL)').fill('30');
    await params.getByRole('button', { name: /下\s*发/ }).first().click();
    await expect(params.getByText('高报阈值须大于低报阈值')).toBeVisible();
    await params.getByLabel('低报阈值 (%LEL)').fill('15.5');
    await params.getByLabel('高报阈值 (%LEL)').fill('35');
    await params.getByRole('button', { name: /下\s*发/ }).first().click();
    await expect(params).toBeHidden();
    await expect(page.getByText('参数已下发，等待设备确认')).toBeVisible();
    for (const one of [imei, second.imei, third.imei]) {
      await expect(row(page, one)).toContainText('20.0 / 50.0');
      await expect(row(page, one)).toContainText('待确认 15.5 / 35.0');
    }
    // the server holds the wanted values; nothing is confirmed yet
    const all = await listed(request, token, `companyId=${company.id}`);
    expect(all.total).toBe(3);
    for (const d of all.list as unknown as { wanted: { alertLow: number }; confirmed: { alertLow: number } }[]) {
      expect(d.wanted.alertLow).toBe(15.5);
      expect(d.confirmed.alertLow).toBe(20);
    }

    // one device: wanted against confirmed
    await row(page, second.imei).getByRole('button', { name: `更多操作 ${second.imei}` }).click();
    await page.getByRole('menuitem', { name: '参数', exact: true }).click();
    const single = page.getByRole('dialog', { name: new RegExp(`设置参数 · ${second.name}`) });
    await expect(single).toContainText('15.5 / 35.0');
    await expect(single).toContainText('20.0 / 50.0');
    await expect(single).toContainText('待确认');
  });

  test('a refused import lists its bad row and writes nothing; a good one gives the secrets; the export has the devices and no secret', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000); // a long flow on a shared machine: many dialogs, a live refresh, several files
    const token = await apiLogin(request, ADMIN);
    const type = await seedType(request, token);
    const company = await seedCompany(request, token, `导入测试${runId()}有限公司`);
    const good = [newImei(), newImei()];
    const header = ['IMEI*', '设备名称*', '设备型号*', '所属企业', '省*', '市', '区县', '安装地址'];
    const line = (imei: string, n: number) => [imei, `导入设备${n}`, type.model, company.name, '浙江省', '杭州市', '西湖区', `文二路 ${n} 号`];

    await openSignedIn(page, request, ADMIN, `${PAGE}?companyId=${company.id}`);
    await page.getByRole('button', { name: /导入设备/ }).click({ timeout: FIRST_LOAD });
    const dialog = page.getByRole('dialog', { name: '导入设备' });

    // the template, downloaded with the token
    const templateDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /下载导入模板/ }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('设备导入模板.xlsx');
    expect(readFirstSheet(readFileSync(await template.path()))[0].slice(0, 3)).toEqual(['IMEI*', '设备名称*', '设备型号*']);

    // row 3 has a wrong check digit: nothing is written, and the upload shows its progress
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route((u) => u.pathname === '/api/device/import', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: XLSX_TYPE,
      buffer: xlsx([header, line(good[0], 1), line(badCheckDigit(good[1]), 2)]),
    });
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /正在上传/ })).toBeVisible();
    release();
    const refused = page.getByRole('dialog', { name: '导入设备 · 导入结果' });
    await expect(refused).toContainText('没有写入任何数据');
    const bad = refused.getByRole('row').filter({ has: page.getByRole('cell', { name: '3', exact: true }) });
    await expect(bad).toHaveCount(1);
    await expect(bad).toContainText('IMEI');
    expect((await listed(request, token, `companyId=${company.id}`)).total).toBe(0);
    await page.unroute((u) => u.pathname === '/api/device/import');

    // a good file: both created, their secrets shown once
    await refused.getByRole('button', { name: /继续导入/ }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: XLSX_TYPE,
      buffer: xlsx([header, line(good[0], 1), line(good[1], 2)]),
    });
    await dialog.getByRole('button', { name: /开始导入/ }).click();
    const done = page.getByRole('dialog', { name: '导入设备 · 导入结果' });
    await expect(done).toContainText('导入完成：新增 2 台，更新 0 台。');
    const secrets = done.getByRole('table');
    await expect(secrets.getByRole('row')).toHaveCount(3);
    const secret0 = (await secrets.getByRole('row', { name: new RegExp(good[0]) }).locator('.device-secret-value').innerText()).trim();
    expect((await sendReading(request, { imei: good[0], secret: secret0 }, { ch4: 1 })).status()).toBe(200);
    const csvDownload = page.waitForEvent('download');
    await done.getByRole('button', { name: /下载 CSV/ }).click();
    const csv = readFileSync(await (await csvDownload).path(), 'utf8');
    expect(csv).toContain(`${good[0]},${secret0}`);
    expect(csv).toContain(good[1]);
    await done.getByRole('button', { name: /关\s*闭/ }).first().click();
    await expect(done).toBeHidden();
    for (const imei of good) await expect(row(page, imei)).toBeVisible();

    // a parameter import: the changed threshold waits for the device
    await page.getByRole('button', { name: /导入参数/ }).click();
    const paramDialog = page.getByRole('dialog', { name: '导入参数' });
    await paramDialog.locator('input[type="file"]').setInputFiles({
      name: 'params.xlsx',
      mimeType: XLSX_TYPE,
      buffer: xlsx([
        ['IMEI*', '低报阈值', '高报阈值'],
        [good[1], '12.5', '40'],
      ]),
    });
    await paramDialog.getByRole('button', { name: /开始导入/ }).click();
    const paramDone = page.getByRole('dialog', { name: '导入参数 · 导入结果' });
    await expect(paramDone).toContainText('导入完成');
    await paramDone.getByRole('button', { name: /关\s*闭/ }).first().click();
    await expect(paramDone).toBeHidden();
    await expect(row(page, good[1])).toContainText('待确认 12.5 / 40.0');

    // export of the current filters: the devices, never a secret
    const exportButton = page.locator('.table-page-toolbar').getByRole('button', { name: /导\s*出|正在导出/ });
    const download = page.waitForEvent('download');
    const call = page.waitForRequest((r) => r.url().includes('/api/device/export'));
    await exportButton.click();
    expect(new URL((await call).url()).searchParams.get('companyId')).toBe(String(company.id));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_\d{14}\.xlsx$/);
    const sheet = readFirstSheet(readFileSync(await file.path()));
    expect(sheet[0][0]).toBe('IMEI');
    expect(sheet[0].some((h) => /密钥|secret/i.test(h))).toBe(false);
    expect(sheet.slice(1).map((cells) => cells[0]).sort()).toEqual([...good].sort());
    expect(sheet.flat()).not.toContain(secret0);
  });
});

test.describe('alarm device management (en)', () => {
  test.use({ locale: 'en-US' });

  test('row actions: a new secret once (the old one refused), a command, disable and delete after confirmation', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request, ADMIN);
    const type = await seedType(request, token);
    const company = await seedCompany(request, token, `Row Actions ${runId()} Ltd`);
    const one = await seedDevice(request, token, type, company, `Pump ${runId()}`);
    const other = await seedDevice(request, token, type, company, `Valve ${runId()}`);

    await openSignedIn(page, request, ADMIN, `${PAGE}?companyId=${company.id}`);
    await expect(page).toHaveTitle('Alarm Device Management - Infrared Gas Detection Platform');
    const line = row(page, one.imei);
    await expect(line).toContainText('Never', { timeout: FIRST_LOAD });
    await expect(line.getByRole('link', { name: `Detail ${one.imei}` })).toHaveAttribute('href', `/DeviceModule/DeviceDetail/${one.id}`);

    // a new secret, after a confirmation, shown once; the old one stops working
    await line.getByRole('button', { name: `More actions ${one.imei}` }).click();
    await page.getByRole('menuitem', { name: 'New secret', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'New device secret' });
    await expect(confirm).toContainText('The old secret stops working at once');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const shown = page.getByRole('dialog', { name: 'Device secret', exact: true });
    await expect(shown).toContainText('shown only this once');
    const secret = (await shown.locator('.device-secret-value').innerText()).trim();
    expect(secret).not.toBe(one.secret);
    await shown.getByRole('button', { name: 'Close' }).last().click();
    await expect(shown).toBeHidden();
    expect((await sendReading(request, one, { ch4: 1 })).status()).toBe(401);
    expect((await sendReading(request, { imei: one.imei, secret }, { ch4: 1 })).status()).toBe(200);

    // a command with its argument checked first
    await line.getByRole('button', { name: `More actions ${one.imei}` }).click();
    await page.getByRole('menuitem', { name: 'Command', exact: true }).click();
    const command = page.getByRole('dialog', { name: 'Send a command' });
    await command.getByText('Mute alarm').click();
    await command.getByLabel('Mute for (minutes)').fill('121');
    await command.getByRole('button', { name: 'Send' }).click();
    await expect(command.getByText('Mute for 1 to 120 minutes')).toBeVisible();
    await command.getByLabel('Mute for (minutes)').fill('30');
    await command.getByRole('button', { name: 'Send' }).click();
    await expect(command).toBeHidden();
    await expect(page.getByText('Command queued; the device runs it when reachable')).toBeVisible();
    const queue = await api<{ command: string; params: { minutes?: number } }[]>(request, token, 'GET', `/device/${one.id}/commands`);
    expect(queue[0].command).toBe('muteAlarm');
    expect(queue[0].params.minutes).toBe(30);

    // disable after a confirmation: the device is refused
    await line.getByRole('switch', { name: `Status ${one.imei}` }).click();
    const disable = page.getByRole('dialog').filter({ hasText: 'Disable device' });
    await expect(disable).toContainText('refuse its connections');
    await disable.getByRole('button', { name: 'Confirm' }).click();
    await expect(line.getByRole('switch', { name: `Status ${one.imei}` })).not.toBeChecked();
    expect((await sendReading(request, { imei: one.imei, secret }, { ch4: 1 })).status()).toBe(403);

    // delete after a confirmation
    await row(page, other.imei).getByRole('button', { name: `More actions ${other.imei}` }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const sure = page.getByRole('dialog').filter({ hasText: 'Delete device' });
    await expect(sure).toContainText(other.name);
    await sure.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Device deleted')).toBeVisible();
    await expect(row(page, other.imei)).toHaveCount(0);
    expect((await listed(request, token, `companyId=${company.id}`)).total).toBe(1);
  });
});

test.describe('alarm device management at 375 px', () => {
  test.use({ viewport: NARROW });

  test('filters fold behind a toggle and wrap, the rows are cards, the dialogs fit', async ({ page, request }) => {
    const token = await apiLogin(request, ADMIN);
    const type = await seedType(request, token);
    const company = await seedCompany(request, token, `窄屏${runId()}有限公司`);
    await seedDevice(request, token, type, company, `窄屏设备${runId()}`);
    await openSignedIn(page, request, ADMIN, `${PAGE}?companyId=${company.id}`);
    await expect(page.locator('.table-card')).toHaveCount(1, { timeout: FIRST_LOAD });
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-device', 'mobile');
    await expectInside((await openFilters(page)).locator('.ant-form-item'));
    await expectInside(page.locator('.table-page-toolbar .ant-btn'));
    await expectCards(page);
    await expectNoPageOverflow(page);

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增设备' });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请输入IMEI')).toBeVisible();
    await expectInside(dialog);
    await expectInside(dialog.locator('input'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /导入设备/ }).click();
    const importing = page.getByRole('dialog', { name: '导入设备' });
    await expect(importing).toBeVisible();
    await expectInside(importing);
    await expectNoPageOverflow(page);
  });
});
