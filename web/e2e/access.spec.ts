import { ADMIN, NOBODY, VIEWER } from './env';
import { apiLogin, expect, openSignedIn, signInWithForm, test } from './fixtures';

const ZH = { account: '账号', password: '密码', submit: /登\s*录/ };
const EN = { account: 'Account', password: 'Password', submit: /^Sign in$/ };

test.describe('access rules (zh-CN)', () => {
  test('a deep link while signed out goes to /login with a redirect, and signing in lands on it', async ({ page }) => {
    await page.goto('/OperationLogModule/OperationLogManagement?module=Auth');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/OperationLogModule/OperationLogManagement?module=Auth');

    await signInWithForm(page, ADMIN, ZH);
    await expect(page).toHaveURL(/\/OperationLogModule\/OperationLogManagement\?module=Auth$/);
    await expect(page).toHaveTitle('操作记录 - 红外气体检测平台');
    expect(await page.evaluate(() => localStorage.getItem('gas_admin_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('roles'))).toBe('["admin"]');
  });

  test('/login when signed in goes to /', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/dashboard');
    await expect(page.getByRole('heading', { name: '欢迎您，系统管理员' })).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('首页 - 红外气体检测平台');
  });

  test('an unknown path goes to /404', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a route the user may not reach shows the warning and goes to /', async ({ page, request }) => {
    await openSignedIn(page, request, VIEWER, '/RoleModule/RoleManagement');
    await expect(page.getByText('您没有该页面的权限')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('link', { name: '操作记录' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '角色管理' })).toHaveCount(0);
  });

  test('a user without any permission sees the dashboard alone', async ({ page, request }) => {
    await openSignedIn(page, request, NOBODY, '/');
    await expect(page.getByRole('heading', { name: '欢迎您，Nobody' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await expect(menu.getByRole('menuitem')).toHaveCount(1);
    await expect(menu.getByRole('link', { name: '首页' })).toBeVisible();
  });

  test('a token revoked on the server sends the user to login with the toast', async ({ page, request }) => {
    const token = await openSignedIn(page, request, ADMIN, '/dashboard');
    await expect(page.getByRole('heading', { name: '欢迎您，系统管理员' })).toBeVisible();
    // The home figures have answered: no call of the page is still in flight when the session ends.
    await expect(page.getByRole('group', { name: '设备总数', exact: true })).toBeVisible({ timeout: 30_000 });
    const res = await request.delete('/api/user/loginout', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);

    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '角色管理' }).click();
    await expect(page.getByText('登录失效，请重新登录')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=%2FRoleModule%2FRoleManagement$/);
    expect(await page.evaluate(() => localStorage.getItem('gas_admin_token'))).toBeNull();
  });
});

test.describe('access rules (en)', () => {
  test.use({ locale: 'en-US' });

  test('the forbidden warning and the 404 page in English', async ({ page, request }) => {
    await openSignedIn(page, request, VIEWER, '/RoleModule/RoleManagement');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Home - Infrared Gas Detection Platform');

    await page.goto('/nothing-here');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  });

  test('signing in from a deep link in English', async ({ page }) => {
    await page.goto('/RoleModule/RoleManagement?name=x');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signInWithForm(page, ADMIN, EN);
    await expect(page).toHaveURL(/\/RoleModule\/RoleManagement\?name=x$/);
    await expect(page).toHaveTitle('Role Management - Infrared Gas Detection Platform');
  });

  test('a revoked token toasts in English', async ({ page, request }) => {
    const token = await apiLogin(request, ADMIN);
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('gas_admin_token', t), token);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Administrator' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Devices', exact: true })).toBeVisible({ timeout: 30_000 });
    await request.delete('/api/user/loginout', { headers: { Authorization: `Bearer ${token}` } });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Operation Records' }).click();
    await expect(page.getByText('Your session has expired, please sign in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});
