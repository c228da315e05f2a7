import { readFileSync } from 'node:fs';

import type { APIRequestContext, Page } from '@playwright/test';

import { addDevice, api, runId, seedCompany, seedDeviceType, sendReading, type SeededCompany } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';
import { expectInside, expectNoPageOverflow, NARROW, openFilters } from './narrow';
import { readFirstSheet } from './xlsx';

const USERS_PAGE = '/SmsUserModule/SmsUserManagement';
const RECORDS_PAGE = '/SmsSendRecordModule/SmsSendRecordManagement';

// ---- test data ----

let serial = 0;

/** A fresh mainland mobile number (unique in this run). */
function newMobile(): string {
  serial += 1;
  return `139${String(Date.now()).slice(-6)}${String(serial % 100).padStart(2, '0')}`;
}

async function seedDevice(request: APIRequestContext, token: string, company: SeededCompany, name: string) {
  const id = runId();
  const type = await seedDeviceType(request, token, { name: `红外甲烷探测器${id}`, model: `SMS-${id}` });
  return addDevice(request, token, { typeId: type.id, companyId: company.id, name, address: '文三路 3 号' });
}

/** The table row holding this text. */
function row(page: Page, text: string) {
  return page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
}

test.describe('SMS notifications (zh-CN)', () => {
  test('a notification user made in the dialog gets the SMS of a high alarm: listed as sent, filtered by phone, exported', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const company = await seedCompany(request, token, `短信测试燃气${id}`);
    const device = await seedDevice(request, token, company, `文三路 3 号井 ${id}`);
    const phone = newMobile();
    const name = `值班员${id}`;

    // create through the dialog: all devices, methane alarms only
    await openSignedIn(page, request, ADMIN, USERS_PAGE);
    await expect(page).toHaveTitle(/通知用户管理|Notification/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增通知用户' });
    await expect(dialog.getByText(/甲烷高报（含报警升级和提醒）不受免打扰限制/)).toBeVisible();
    await dialog.getByLabel('姓名').fill(name);
    await dialog.getByLabel('手机号').fill('0571-88886666');
    await expect(dialog.getByText('请输入有效的 11 位手机号码（固定电话收不到短信）')).toBeVisible();
    await dialog.getByLabel('手机号').fill(phone);
    await dialog.getByLabel('所属企业').fill(company.name);
    await page.keyboard.press('Enter');
    for (const kind of ['电量低', '设备故障', '设备离线']) await dialog.getByRole('checkbox', { name: kind }).uncheck();
    await expect(dialog.getByRole('checkbox', { name: '甲烷报警' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: '全部设备' })).toBeChecked();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('通知用户已创建')).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = row(page, phone);
    await expect(created).toContainText(name);
    await expect(created).toContainText(company.name);
    await expect(created).toContainText('企业全部设备');
    await expect(created).toContainText('甲烷报警');
    await expect(created).not.toContainText('设备离线');

    // the stored user: what the dialog chose
    const listed = await api<{ list: { phone: string; alarmKinds: string[]; scope: string; companyId: number }[] }>(
      request,
      token,
      'GET',
      `/smsUser?phone=${phone}`,
    );
    expect(listed.list).toEqual([expect.objectContaining({ phone, alarmKinds: ['gas'], scope: 'all', companyId: company.id })]);

    // the device reports methane above its high threshold
    const res = await sendReading(request, device, { ts: Date.now(), ch4: 65.5, voltage: 362, signal: 21 });
    expect(res.status()).toBeLessThan(300);

    // the records page, filtered by phone through the filter bar (kept in the URL)
    await page.goto(RECORDS_PAGE);
    await page.getByRole('search').getByLabel('手机号').fill(phone);
    await page.getByRole('search').getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(new RegExp(`phone=${phone}`));
    const message = row(page, device.name);
    // the notifier polls every 2 s and the log provider records the message as sent at once (~15 s at most)
    await expect
      .poll(
        async () =>
          (await api<{ list: { status: string }[] }>(request, token, 'GET', `/smsSendLog?phone=${phone}`)).list.map((m) => m.status),
        { timeout: 15_000, intervals: [1_000] },
      )
      .toEqual(['sent']);
    await page.reload();
    await expect(message).toContainText('已发送', { timeout: 30_000 });
    await expect(message).toContainText(name);
    await expect(message).toContainText(phone);
    await expect(message).toContainText('甲烷 高报');
    await expect(message).toContainText(`报警：${device.name}`);
    await expect(message).toContainText('log');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByRole('search').getByLabel('手机号')).toHaveValue(phone);

    // another phone finds nothing of it
    await page.goto(`${RECORDS_PAGE}?phone=13000000000`);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(0);

    // export of the filtered list
    await page.goto(`${RECORDS_PAGE}?phone=${phone}`);
    await expect(row(page, device.name)).toBeVisible();
    const download = page.waitForEvent('download');
    const call = page.waitForRequest((r) => r.url().includes('/api/smsSendLog/export'));
    await page.locator('.table-page-toolbar').getByRole('button', { name: /导\s*出|正在导出/ }).click();
    expect(new URL((await call).url()).searchParams.get('phone')).toBe(phone);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/_\d{14}\.xlsx$/);
    const sheet = readFirstSheet(readFileSync(await file.path()));
    const header = sheet[0];
    expect(header).toContain('手机号');
    const rows = sheet.slice(1);
    expect(rows).toHaveLength(1);
    const cells = rows[0];
    expect(cells[header.indexOf('手机号')]).toBe(phone);
    expect(cells[header.indexOf('设备')]).toBe(device.name);
    expect(cells[header.indexOf('状态')]).toBe('sent');
    expect(cells[header.indexOf('内容')]).toContain(device.name);
  });

  test('a company user sees only its own notification users; chooses its own devices, disables and deletes after confirmation', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const own = await seedCompany(request, token, `自有企业${id}`);
    const other = await seedCompany(request, token, `其他企业${id}`);
    const ownDevice = await seedDevice(request, token, own, `本企业探头${id}`);
    const otherDevice = await seedDevice(request, token, other, `外企业探头${id}`);
    const ownName = `本企业联系人${id}`;
    const otherName = `外企业联系人${id}`;
    const ownPhone = newMobile();
    await api(request, token, 'POST', '/smsUser', { name: ownName, phone: ownPhone, companyId: own.id });
    await api(request, token, 'POST', '/smsUser', { name: otherName, phone: newMobile(), companyId: other.id });
    const companyToken = await apiLogin(request, { account: own.adminAccount, password: own.adminPassword });

    await openSignedIn(page, request, { account: own.adminAccount, password: own.adminPassword }, USERS_PAGE);
    const mine = row(page, ownName);
    await expect(mine).toBeVisible({ timeout: 30_000 });
    await expect(row(page, otherName)).toHaveCount(0);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: '所属企业' })).toHaveCount(0);
    await expect(page.getByRole('search').getByText('所属企业')).toHaveCount(0);

    // edit: the device choice offers the company's own devices only
    await mine.getByRole('button', { name: `编辑 ${ownName}` }).click();
    const dialog = page.getByRole('dialog', { name: '编辑通知用户' });
    await expect(dialog.getByLabel('手机号')).toHaveValue(ownPhone);
    await expect(dialog.getByLabel('所属企业')).toHaveCount(0);
    await dialog.getByRole('radio', { name: '指定设备' }).check();
    await dialog.getByLabel('设备', { exact: true }).click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(offered.filter({ hasText: ownDevice.name })).toHaveCount(1);
    await expect(offered.filter({ hasText: otherDevice.name })).toHaveCount(0);
    await dialog.getByLabel('设备', { exact: true }).fill(ownDevice.imei.slice(-6));
    await expect(offered).toHaveCount(1);
    await offered.filter({ hasText: ownDevice.name }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('通知用户已保存')).toBeVisible();
    await expect(mine).toContainText('1 台设备');
    await expect(mine).toContainText(ownDevice.name);
    const stored = await api<{ list: { scope: string; deviceIds: number[] }[] }>(request, companyToken, 'GET', `/smsUser?phone=${ownPhone}`);
    expect(stored.list).toEqual([expect.objectContaining({ scope: 'devices', deviceIds: [ownDevice.id] })]);

    // disable after confirmation
    await mine.getByRole('switch', { name: `状态 ${ownName}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '停用通知用户' });
    await expect(confirm).toContainText(`确定停用通知用户“${ownName}”吗？`);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('通知用户已停用')).toBeVisible();
    await expect(mine.getByRole('switch', { name: `状态 ${ownName}` })).not.toBeChecked();

    // delete after confirmation
    await mine.getByRole('button', { name: `删除 ${ownName}` }).click();
    const pop = page.getByRole('tooltip').filter({ hasText: '删除通知用户' });
    await pop.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('通知用户已删除')).toBeVisible();
    await expect(mine).toHaveCount(0);
    expect((await api<{ total: number }>(request, companyToken, 'GET', '/smsUser')).total).toBe(0);
  });
});

test.describe('SMS pages at 375 px (zh-CN)', () => {
  test.use({ viewport: NARROW });

  test('both pages: filters and dialog fit the screen, every scope choice included', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, USERS_PAGE);
    // on a phone the filters are folded behind their button
    await expect((await openFilters(page)).getByLabel('手机号')).toBeVisible();
    await expectInside(page.getByRole('search').locator('.ant-form-item'));
    await expectNoPageOverflow(page);

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增通知用户' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: '指定设备' }).check();
    await expect(dialog.getByLabel('设备', { exact: true })).toBeVisible();
    await expectInside(dialog.locator('.ant-form-item-control'));
    await dialog.getByRole('radio', { name: '指定地区' }).check();
    await expect(dialog.getByLabel('地区', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请选择至少一个地区')).toBeVisible();
    await expectInside(dialog.locator('.ant-form-item-control'));
    await expectNoPageOverflow(page);
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    await page.goto(RECORDS_PAGE);
    await expect((await openFilters(page)).getByLabel('手机号')).toBeVisible();
    await expectInside(page.getByRole('search').locator('.ant-form-item'));
    await expectInside(page.locator('.table-page-toolbar .ant-btn'));
    await expectNoPageOverflow(page);
  });
});
