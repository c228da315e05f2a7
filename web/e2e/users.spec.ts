import { api, runId, seedCompany } from './data';
import { ADMIN, VIEWER } from './env';
import { apiLogin, expect, openSignedIn, test } from './fixtures';

const PAGE = '/UserModule/UserManagement';

interface ListedUser {
  id: number;
  account: string;
  companyId: number | null;
  permissions: string[];
  rolesList: { id: number; name: string }[];
  status: number;
}

test.describe('user management (en)', () => {
  test.use({ locale: 'en-US' });

  test('a taken account is refused while typing; create, permissions, reset once, disable and delete a company user', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000); // a long flow: five dialogs and several checks through the API
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const company = await seedCompany(request, token, `Ningbo Sensors ${id}`);
    const companyRole = await api<{ id: number }>(request, token, 'POST', '/role', {
      name: `Inspector ${id}`,
      companyId: company.id,
      permissions: ['DeviceManagement'],
    });
    await api(request, token, 'POST', '/role', { name: `Platform ops ${id}`, permissions: ['OperationLogManagement'] });
    const account = `ops_${id}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/users') posts.push(r.url());
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await openSignedIn(page, request, ADMIN, PAGE);
    await expect(page).toHaveTitle('User Management - Infrared Gas Detection Platform');
    await page.getByRole('button', { name: 'Create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });

    // the duplicate is refused while typing, before any submit (case-insensitively)
    await dialog.getByLabel('Account').fill(VIEWER.account);
    await expect(dialog.getByText('This account is already taken')).toBeVisible();
    await dialog.getByLabel('Account').fill(VIEWER.account.toUpperCase());
    await expect(dialog.getByText('This account is already taken')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    expect(posts).toEqual([]);

    await dialog.getByLabel('Account').fill(account);
    await expect(dialog.getByText('The account is available')).toBeVisible();
    await expect(dialog.getByText('This account is already taken')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: /Password$/ }).fill(`Ops-pass-${id}1`);
    await dialog.getByLabel('Name').fill('Operator');
    await dialog.getByLabel('Phone').fill('139001');
    await dialog.getByLabel('Email').fill('ops@');
    await expect(dialog.getByText('Enter a mobile number or a landline with its area code')).toBeVisible();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Phone').fill('13900139000');
    await dialog.getByLabel('Email').fill('ops@example.com');

    // a company: its roles only, and no platform-only code in the tree
    const tree = dialog.getByRole('tree');
    await expect(tree.getByRole('treeitem', { name: /Enterprise Management/ })).toBeVisible();
    await dialog.getByLabel('Company').fill(company.name);
    await page.keyboard.press('Enter');
    await expect(tree.getByRole('treeitem', { name: /Enterprise Management/ })).toHaveCount(0);
    await dialog.getByLabel('Roles').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(offered).toHaveText([`Inspector ${id}`]);
    await dialog.getByLabel('Roles').fill(`Inspector ${id}`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect(dialog.locator('.ant-select-selection-item', { hasText: `Inspector ${id}` })).toBeVisible();
    await tree.getByRole('treeitem', { name: /Operation Records/ }).getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('User created')).toBeVisible();
    expect(posts).toHaveLength(1);

    const row = page.getByRole('row', { name: new RegExp(account) });
    await expect(row).toContainText(company.name);
    const read = async () =>
      (await api<{ list: ListedUser[] }>(request, token, 'GET', `/users?account=${account}`)).list[0];
    await expect(row).toContainText(`Inspector ${id}`);
    await expect(row).toContainText('Never');
    expect(await read()).toMatchObject({
      companyId: company.id,
      permissions: ['OperationLogManagement'],
      rolesList: [{ id: companyRole.id, name: `Inspector ${id}` }],
    });

    // Permissions: roles and extra codes
    await row.getByRole('button', { name: `Permissions ${account}` }).click();
    const grant = page.getByRole('dialog', { name: 'Assign permissions' });
    await expect(grant).toContainText(`Account: ${account} (Operator)`);
    await expect(grant).toContainText(`Inspector ${id}`);
    const grantTree = grant.getByRole('tree');
    await expect(grantTree.getByRole('treeitem', { name: /Enterprise Management/ })).toHaveCount(0);
    await grantTree.getByRole('treeitem', { name: /Operation Records/ }).getByRole('checkbox').uncheck();
    await grantTree.getByRole('treeitem', { name: /SMS Notification Records/ }).first().getByRole('checkbox').check();
    await grant.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Permissions saved')).toBeVisible();
    expect((await read()).permissions).toEqual(['SmsSendRecordManagement']);

    // Reset password: confirmed, generated, shown once with a copy button
    await row.getByRole('button', { name: `Reset password ${account}` }).click();
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await expect(reset).toContainText(`Reset the password of "${account}"? All of the user's sessions end.`);
    await reset.getByRole('button', { name: 'Confirm' }).click();
    const shown = page.getByRole('dialog', { name: 'New password' });
    await expect(shown).toContainText('The new password is shown only this once');
    const generated = (await shown.locator('.password-result-value').innerText()).trim();
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);
    await shown.getByRole('button', { name: 'Close' }).first().click();
    await expect(shown).toBeHidden();
    expect(await apiLogin(request, { account, password: generated })).toBeTruthy();

    // the new user's switch works (admin's own is checked below)
    const toggle = row.getByRole('switch', { name: `Status ${account}` });
    await toggle.click();
    const confirm = page.getByRole('dialog', { name: 'Disable user' });
    await expect(confirm).toContainText(`Disable the user "${account}"? The user is signed out at once.`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('User disabled')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    expect((await read()).status).toBe(0);

    // delete
    await row.getByRole('button', { name: `Delete ${account}` }).click();
    const pop = page.getByRole('tooltip').filter({ hasText: 'Delete user' });
    await expect(pop).toContainText(`Delete the user "${account}"?`);
    await pop.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('User deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(account) })).toHaveCount(0);

    // admin's own switch is greyed out (found by its account: other tests' users may push it off page 1)
    await page.goto('/UserModule/UserManagement?account=admin');
    await expect(page.getByRole('switch', { name: 'Status admin' })).toBeDisabled({ timeout: 30_000 });
  });
});

test.describe('user management (zh-CN)', () => {
  test('filters (company, role, account) survive a reload and Back', async ({ page, request }) => {
    const id = runId();
    const token = await apiLogin(request, ADMIN);
    const company = await seedCompany(request, token, `温州仪表${id}`);
    const role = await api<{ id: number }>(request, token, 'POST', '/role', {
      name: `巡检${id}`,
      companyId: company.id,
      permissions: ['DeviceManagement'],
    });
    for (const n of [1, 2]) {
      await api(request, token, 'POST', '/users', {
        account: `wz${n}_${id}`,
        password: 'Wz-user-pass-1',
        name: `温州${n}`,
        companyId: company.id,
        roleIds: n === 1 ? [role.id] : [],
      });
    }

    await openSignedIn(page, request, ADMIN, PAGE);
    await expect(page).toHaveTitle('用户管理 - 红外气体检测平台');
    const search = page.getByRole('search');
    await search.getByLabel('所属企业').fill(company.name);
    await page.keyboard.press('Enter');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(new RegExp(`companyId=${company.id}$`));
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4); // header, its administrator, two users
    await expect(rows.nth(1)).toContainText(`wz2_${id}`);

    await search.getByLabel('角色').fill(`巡检${id}`);
    await page.keyboard.press('Enter');
    await search.getByLabel('账号').fill('wz');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(new RegExp(`account=wz&companyId=${company.id}&roleId=${role.id}$`));
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`wz1_${id}`);
    await expect(rows.nth(1)).toContainText(`巡检${id}`);

    await page.reload();
    await expect(page.getByRole('search').getByLabel('账号')).toHaveValue('wz');
    await expect(page.getByRole('search')).toContainText(company.name);
    await expect(page.getByRole('search')).toContainText(`巡检${id}`);
    await expect(rows).toHaveCount(2);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`companyId=${company.id}$`));
    await expect(page.getByRole('search').getByLabel('账号')).toHaveValue('');
    await expect(rows).toHaveCount(4);
    // the company's administrator is managed through its company
    await expect(page.getByRole('switch', { name: `状态 ${company.adminAccount}` })).toBeDisabled();
  });
});
