import { ADMIN } from './env';
import { expect, openSignedIn, test } from './fixtures';

test.describe('role management (zh-CN)', () => {
  test('create, edit and delete a role, each recorded in the operation records', async ({ page, request }) => {
    const name = `巡检员-${Date.now() % 100000}`;
    const renamed = `${name}-改`;
    await openSignedIn(page, request, ADMIN, '/RoleModule/RoleManagement');
    await expect(page).toHaveTitle('角色管理 - 红外气体检测平台');

    // create
    await page.getByRole('button', { name: /新\s*增/ }).click();
    let dialog = page.getByRole('dialog', { name: '新增角色' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('请输入角色名称')).toBeVisible();
    await dialog.getByLabel('角色名称').fill(name);
    await dialog.getByLabel('备注').fill('夜班巡检');
    const tree = dialog.getByRole('tree');
    // Checking a button permission checks its menu too.
    await tree.getByRole('treeitem', { name: /操作记录/ }).getByRole('checkbox').check();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('角色已创建')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('夜班巡检');

    // the name filter is kept in the URL
    await page.getByRole('search').getByLabel('角色名称').fill(name);
    await page.getByRole('search').getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(new RegExp(`\\?name=${encodeURIComponent(name)}$`));
    await page.reload();
    await expect(page.getByRole('search').getByLabel('角色名称')).toHaveValue(name);
    await expect(page.getByRole('row')).toHaveCount(2);

    // edit
    await page.getByRole('button', { name: `编辑 ${name}` }).click();
    dialog = page.getByRole('dialog', { name: '编辑角色' });
    await expect(dialog.getByLabel('角色名称')).toHaveValue(name);
    const editTree = dialog.getByRole('tree');
    await expect(editTree.getByRole('treeitem', { name: /操作记录/ }).getByRole('checkbox')).toBeChecked();
    await dialog.getByLabel('角色名称').fill(renamed);
    const roleMenu = editTree.getByRole('treeitem', { name: /角色管理/ });
    await expect(roleMenu.getByRole('checkbox')).not.toBeChecked();
    // the first child of 角色管理 is its 新增 button
    const items = editTree.getByRole('treeitem');
    const texts = await items.allInnerTexts();
    const createButton = items.nth(texts.findIndex((text) => text.includes('角色管理')) + 1);
    await expect(createButton).toHaveText('新增');
    await createButton.getByRole('checkbox').check();
    await expect(roleMenu.getByRole('checkbox')).toBeChecked();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('角色已更新')).toBeVisible();

    const saved = await request.get('/api/role', {
      params: { name: renamed },
      headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('gas_admin_token'))}` },
    });
    const list = (await saved.json()) as { data: { list: { name: string; permissions: string[] }[] } };
    expect(list.data.list[0].permissions.sort()).toEqual(['OperationLogManagement', 'RoleManagement', 'RoleManagement:create']);

    // delete (Cancel first, then confirm)
    await page.getByRole('search').getByLabel('角色名称').fill(renamed);
    await page.getByRole('search').getByRole('button', { name: /查\s*询/ }).click();
    await page.getByRole('button', { name: `删除 ${renamed}` }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '删除角色' });
    await expect(confirm).toContainText(`确定删除角色“${renamed}”吗？`);
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
    await page.getByRole('button', { name: `删除 ${renamed}` }).click();
    await page.getByRole('tooltip').filter({ hasText: '删除角色' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('角色已删除')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);

    // the changes are in the operation records, newest first
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '操作记录' }).click();
    const search = page.getByRole('search');
    await search.getByLabel('模块').fill('角色');
    await page.keyboard.press('Enter');
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(page).toHaveURL(/module=RoleManagement/);
    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toContainText('删除');
    await expect(rows.nth(1)).toContainText('DELETE');
    await expect(rows.nth(2)).toContainText('编辑');
    await expect(rows.nth(3)).toContainText('新增');

    // detail of the create: the body, pretty-printed
    await rows.nth(3).getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.getByRole('dialog', { name: '操作记录详情' });
    await expect(drawer).toBeVisible();
    const body = drawer.getByLabel('请求内容');
    await expect(body).toContainText(`"name": "${name}"`);
    await expect(body).toContainText('"remark": "夜班巡检"');
  });
});

test.describe('operation records (en)', () => {
  test.use({ locale: 'en-US' });

  test('filters live in the URL: reload and back keep them', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/OperationLogModule/OperationLogManagement');
    await expect(page).toHaveTitle('Operation Records - Infrared Gas Detection Platform');
    const search = page.getByRole('search');
    await search.getByLabel('Account').fill('admin');
    await search.getByLabel('Module').fill('Sign-in');
    await page.keyboard.press('Enter');
    await search.getByLabel('Status').fill('200');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/account=admin&module=Auth&status=200/);

    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toContainText('Sign in');
    await expect(rows.nth(1)).toContainText('/api/login');
    await expect(rows.nth(1)).toContainText('200');

    await page.reload();
    await expect(page.getByRole('search').getByLabel('Account')).toHaveValue('admin');
    await expect(page.getByRole('search')).toContainText('Sign-in and sign-out');

    await page.getByRole('search').getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/OperationLogManagement$/);
    await page.goBack();
    await expect(page).toHaveURL(/account=admin&module=Auth&status=200/);
    await expect(page.getByRole('search').getByLabel('Account')).toHaveValue('admin');

    await rows.nth(1).getByRole('button', { name: /Details/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Operation record details' });
    await expect(drawer.getByLabel('Request body')).toContainText('"password": "***"');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
  });

  test('the time range is a day range in the browser time zone ($gte:/$lte: in ms)', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/OperationLogModule/OperationLogManagement');
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
    const search = page.getByRole('search');
    const start = search.getByPlaceholder('Start date');
    const end = search.getByPlaceholder('End date');
    // Today, picked twice in the range picker's calendar (its first day, then its last). Typing both dates
    // raced the picker: the typed start was sometimes dropped when the end field took the focus.
    await start.click();
    const todayCell = page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today');
    await todayCell.first().click();
    await todayCell.first().click();
    await expect(start).toHaveValue(today);
    await expect(end).toHaveValue(today);
    const listCall = page.waitForRequest((r) => r.url().includes('/api/operationLog?') && r.url().includes('createdAt'));
    await search.getByRole('button', { name: 'Search' }).click();
    const url = new URL((await listCall).url());
    expect(url.searchParams.getAll('createdAt')).toEqual([
      `$gte:${Date.parse(`${today}T00:00:00.000+08:00`)}`,
      `$lte:${Date.parse(`${today}T23:59:59.999+08:00`)}`,
    ]);
    await expect(page).toHaveURL(new RegExp(`time=${today}&time=${today}`));
    await expect(page.getByRole('row').nth(1)).toContainText(today);

    await page.reload();
    await expect(page.getByRole('search').getByPlaceholder('Start date')).toHaveValue(today);
    await expect(page.getByRole('search').getByPlaceholder('End date')).toHaveValue(today);
  });
});
