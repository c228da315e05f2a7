import { readFileSync } from 'node:fs';

import { api, creditCode, failedSignIn, runId, seedCompany } from './data';
import { ADMIN } from './env';
import { apiLogin, expect, openSignedIn, pickRegion, signInWithForm, test } from './fixtures';
import { readFirstSheet } from './xlsx';

const PAGE = '/EnterpriseModule/EnterpriseManagement';

const ZH_SIGN_IN = { account: '账号', password: '密码', submit: /登\s*录/ };

test.describe('enterprise management (zh-CN)', () => {
  test('create a company with its administrator; the administrator sees only its company', async ({ page, request, browser }) => {
    test.setTimeout(120_000); // a long flow: two browsers, many dialogs
    const id = runId();
    const name = `杭州燃气检测${id}有限公司`;
    const account = `hz_${id}`;
    const password = `Hz-admin-${id}9`;
    const code = creditCode();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/company') posts.push(r.url());
    });
    await openSignedIn(page, request, ADMIN, PAGE);
    await expect(page).toHaveTitle('企业管理 - 红外气体检测平台');

    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增企业' });
    await expect(dialog).toBeVisible();
    // Nothing is sent before every field is right: messages first.
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请输入企业名称')).toBeVisible();
    await expect(dialog.getByText('请输入管理员账号')).toBeVisible();
    await dialog.getByLabel('统一社会信用代码').fill(`${code.slice(0, 17)}${code[17] === '0' ? '1' : '0'}`);
    await expect(dialog.getByText('统一社会信用代码校验位不正确，请核对')).toBeVisible();
    expect(posts).toEqual([]);

    await dialog.getByLabel('企业名称').fill(name);
    await dialog.getByLabel('统一社会信用代码').fill(code.toLowerCase());
    await expect(dialog.getByLabel('统一社会信用代码')).toHaveValue(code);
    await expect(dialog.getByText('统一社会信用代码校验位不正确，请核对')).toHaveCount(0);
    await dialog.getByLabel('所属行业').fill('燃气');
    await page.keyboard.press('Enter');
    await pickRegion(page, dialog.getByLabel('所在地区'), ['浙江省', '杭州市', '西湖区']);
    await dialog.getByLabel('详细地址').fill('文三路 1 号');
    await dialog.getByLabel('联系人').fill('王五');
    await dialog.getByLabel('联系电话').fill('0571-88886666');
    await dialog.getByLabel('管理员账号').fill(account);
    await expect(dialog.getByText('账号可用')).toBeVisible();
    await dialog.getByLabel('管理员姓名').fill('王五');
    await dialog.getByLabel('管理员密码').fill(password);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('企业已创建')).toBeVisible();
    expect(posts).toHaveLength(1);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(code);
    await expect(row).toContainText('浙江省 杭州市 西湖区');
    await expect(row).toContainText('电力、热力、燃气及水生产和供应业');
    await expect(row).toContainText(account);
    await expect(row.getByRole('switch', { name: `状态 ${name}` })).toBeChecked();

    // Another company with a user of its own, which the new administrator must never see.
    const adminToken = await apiLogin(request, ADMIN);
    const other = await seedCompany(request, adminToken, `宁波其他企业${id}`);
    await api(request, adminToken, 'POST', '/users', {
      account: `nb_user_${id}`,
      password: 'Nb-user-pass-1',
      name: '宁波用户',
      companyId: other.id,
    });

    // The administrator signs in (a browser of its own) and sees its company's menus and users only.
    const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const own = await context.newPage();
    await own.goto('/login');
    await signInWithForm(own, { account, password }, ZH_SIGN_IN);
    await expect(own).toHaveURL(/\/dashboard$/);
    const menu = own.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('link', { name: '用户管理', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: '企业管理' })).toHaveCount(0);
    await menu.getByRole('link', { name: '用户管理', exact: true }).click();
    await expect(own).toHaveTitle('用户管理 - 红外气体检测平台');
    const users = own.getByRole('table');
    await expect(users.getByRole('row', { name: new RegExp(account) })).toContainText('企业管理员');
    await expect(users.getByRole('row')).toHaveCount(2); // header + its administrator
    await expect(users.getByText(other.adminAccount)).toHaveCount(0);
    await expect(users.getByText(`nb_user_${id}`)).toHaveCount(0);
    await expect(own.getByRole('columnheader', { name: '所属企业' })).toHaveCount(0);
    // The administrator cannot switch itself off.
    await expect(users.getByRole('switch', { name: `状态 ${account}` })).toBeDisabled();
    // Its own company page is out of reach.
    await own.goto(PAGE);
    await expect(own.getByText('您没有该页面的权限')).toBeVisible();
    await expect(own).toHaveURL(/\/dashboard$/);
    await context.close();
  });

  test('filters live in the URL, and the export downloads an .xlsx whose rows are the table', async ({ page, request }) => {
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const prefix = `筛选${id}`;
    const hz = await seedCompany(request, token, `${prefix}杭州甲`, { provinceCode: '330000', cityCode: '330100', countyCode: '330106' });
    const nb = await seedCompany(request, token, `${prefix}宁波乙`, { provinceCode: '330000', cityCode: '330200' });
    await seedCompany(request, token, `${prefix}北京丙`, { provinceCode: '110000' });
    await api(request, token, 'PATCH', `/company/${nb.id}`, { status: 0 });

    await openSignedIn(page, request, ADMIN, PAGE);
    const search = page.getByRole('search');
    await search.getByLabel('企业名称').fill(prefix);
    // a province alone is a region (changeOnSelect)
    await pickRegion(page, search.getByLabel('所在地区'), ['浙江省']);
    await page.keyboard.press('Escape');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(prefix)}&region=330000$`));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);

    await page.reload();
    await expect(page.getByRole('search').getByLabel('企业名称')).toHaveValue(prefix);
    await expect(page.getByRole('search')).toContainText('浙江省');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(nb.name); // newest first
    await expect(rows.nth(2)).toContainText(hz.name);

    // status too; Reset clears the URL and Back brings the filters back
    await page.getByRole('search').getByLabel('状态').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '停用' }).click();
    await page.getByRole('search').getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/status=0/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('switch')).not.toBeChecked();
    await page.getByRole('search').getByRole('button', { name: /重\s*置/ }).click();
    await expect(page).toHaveURL(/EnterpriseManagement$/);
    await page.goBack();
    await expect(page).toHaveURL(/status=0/);
    await expect(page.getByRole('search').getByLabel('企业名称')).toHaveValue(prefix);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`region=330000$`));
    await expect(rows).toHaveCount(3);

    // Export with the current filters: the button shows its progress while the file comes.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route((u) => u.pathname === '/api/company/export', async (route) => {
      await held;
      await route.continue();
    });
    const exportButton = page.locator('.table-page-toolbar').getByRole('button', { name: /导\s*出|正在导出/ });
    const download = page.waitForEvent('download');
    const call = page.waitForRequest((r) => r.url().includes('/api/company/export'));
    await exportButton.click();
    await expect(exportButton).toHaveAttribute('aria-busy', 'true');
    await expect(exportButton).toContainText('正在导出');
    const url = new URL((await call).url());
    expect(url.searchParams.get('name')).toBe(prefix);
    expect(url.searchParams.get('provinceCode')).toBe('330000');
    expect(url.searchParams.has('page')).toBe(false);
    release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^企业列表_\d{14}\.xlsx$/);
    await expect(exportButton).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByText(/已导出：企业列表_\d{14}\.xlsx/)).toBeVisible();

    const sheet = readFirstSheet(readFileSync(await file.path()));
    expect(sheet[0].slice(0, 4)).toEqual(['企业名称', '统一社会信用代码', '行业', '所在地区']);
    const tableNames = await page.getByRole('table').locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    expect(sheet.slice(1).map((cells) => cells[0])).toEqual(tableNames.map((n) => n.trim()));
    expect(sheet.slice(1).map((cells) => cells[0])).toEqual([nb.name, hz.name]);
    expect(sheet[1][3]).toBe('浙江省 宁波市');
    expect(sheet[1][8]).toBe('停用');
  });

  test('delete shows the server refusal, the administrator password is reset once with a copy button', async ({ page, request, context }) => {
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const company = await seedCompany(request, token, `重置${id}公司`);
    await api(request, token, 'POST', '/users', { account: `staff_${id}`, password: 'Staff-pass-1', name: '员工', companyId: company.id });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await openSignedIn(page, request, ADMIN, `${PAGE}?name=${encodeURIComponent(company.name)}`);
    const row = page.getByRole('row', { name: new RegExp(company.name) });
    await row.getByRole('button', { name: `删除 ${company.name}` }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '删除企业' });
    await expect(confirm).toContainText(`确定删除企业“${company.name}”吗？`);
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('该企业还有 1 个其他用户，请先删除后再删除企业')).toBeVisible();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `重置密码 ${company.name}` }).click();
    const dialog = page.getByRole('dialog', { name: '重置管理员密码' });
    await expect(dialog).toContainText(`确定重置企业“${company.name}”管理员（${company.adminAccount}）的密码吗？`);
    await dialog.getByLabel('新密码').fill('short');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog.getByText('密码须为 8 到 64 位，且同时包含字母和数字')).toBeVisible();
    await dialog.getByLabel('新密码').fill('');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const shown = page.getByRole('dialog', { name: '新密码' });
    await expect(shown).toContainText('新密码只显示这一次');
    await expect(shown).toContainText(company.adminAccount);
    const generated = (await shown.locator('.password-result-value').innerText()).trim();
    expect(generated).toMatch(/^[A-Za-z0-9]{12,}$/);
    await shown.getByRole('button', { name: /复\s*制/ }).click();
    await expect(page.getByText('已复制')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);
    await shown.getByRole('button', { name: /关\s*闭/ }).first().click();
    await expect(shown).toBeHidden();

    // the old password is gone, the shown one works
    expect(await failedSignIn(request, { account: company.adminAccount, password: company.adminPassword })).toBe(40101);
    expect(await apiLogin(request, { account: company.adminAccount, password: generated })).toBeTruthy();
  });
});

test.describe('enterprise management (en)', () => {
  test.use({ locale: 'en-US' });

  test("disabling a company ends its administrator's session in the other browser", async ({ page, request, browser }) => {
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const company = await seedCompany(request, token, `Hangzhou Gas ${id}`);

    // the company administrator, signed in in a browser of its own
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Shanghai' });
    const own = await context.newPage();
    await own.goto('/login');
    await signInWithForm(own, { account: company.adminAccount, password: company.adminPassword }, {
      account: 'Account',
      password: 'Password',
      submit: /^Sign in$/,
    });
    await expect(own.getByRole('heading', { name: `Welcome, ${company.name}管理员` })).toBeVisible();

    // the platform administrator disables the company, after a confirmation that says what happens
    await openSignedIn(page, request, ADMIN, `${PAGE}?name=${encodeURIComponent(company.name)}`);
    await expect(page).toHaveTitle('Enterprise Management - Infrared Gas Detection Platform');
    const toggle = page.getByRole('switch', { name: `Status ${company.name}` });
    await toggle.click();
    const confirm = page.getByRole('dialog', { name: 'Disable company' });
    await expect(confirm).toContainText('All of its users are signed out at once and can no longer sign in.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await page.getByRole('dialog', { name: 'Disable company' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Company disabled, its users are signed out')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // the administrator's next navigation goes to /login with the toast
    await own.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Management', exact: true }).click();
    await expect(own.getByText('Your session has expired, please sign in again')).toBeVisible();
    await expect(own).toHaveURL(/\/login\?redirect=%2FUserModule%2FUserManagement$/);
    await context.close();

    // and it cannot sign in again until the company is enabled
    expect(await failedSignIn(request, { account: company.adminAccount, password: company.adminPassword })).toBe(40302);
    await toggle.click();
    await page.getByRole('dialog', { name: 'Enable company' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Company enabled')).toBeVisible();
    expect(await apiLogin(request, { account: company.adminAccount, password: company.adminPassword })).toBeTruthy();
  });
});
