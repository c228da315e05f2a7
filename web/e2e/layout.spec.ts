import { ADMIN, FOOTER_COPYRIGHT } from './env';
import { expect, openSignedIn, test } from './fixtures';

test.describe('layout (zh-CN)', () => {
  test('the sidebar toggle is remembered across a reload', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/dashboard');
    const hamburger = page.getByRole('button', { name: '展开/收起侧边栏' });
    const sidebar = page.locator('.sidebar-container');
    await expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toHaveCSS('width', '208px');

    await hamburger.click();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toHaveCSS('width', '54px');
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');

    await page.reload();
    await expect(page.getByRole('button', { name: '展开/收起侧边栏' })).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toHaveCSS('width', '54px');

    await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('1');
    await page.reload();
    await expect(page.getByRole('button', { name: '展开/收起侧边栏' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('below 992 px the sidebar starts closed, and the backdrop and a route change close it', async ({ page, request }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await openSignedIn(page, request, ADMIN, '/dashboard');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    const hamburger = page.getByRole('button', { name: '展开/收起侧边栏' });
    await expect(page.getByRole('heading', { name: '欢迎您，系统管理员' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false');

    await hamburger.click();
    await expect(menu).toBeVisible();
    const backdrop = page.getByRole('button', { name: '关闭侧边栏' });
    await backdrop.click({ position: { x: 600, y: 300 } });
    await expect(menu).toBeHidden();
    await expect(backdrop).toHaveCount(0);

    await hamburger.click();
    await menu.getByRole('link', { name: '操作记录' }).click();
    await expect(page).toHaveURL(/\/OperationLogModule\/OperationLogManagement$/);
    await expect(menu).toBeHidden();

    // Back to a desktop width: desktop mode again.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.app-wrapper')).toHaveAttribute('data-device', 'desktop');
  });

  test('the breadcrumb: Home alone on the dashboard, Home linked elsewhere, the last crumb plain', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/dashboard');
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    await expect(crumbs).toHaveText('首页');
    await expect(crumbs.getByRole('link')).toHaveCount(0);

    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '角色管理' }).click();
    await expect(page).toHaveTitle('角色管理 - 红外气体检测平台');
    await expect(crumbs.getByRole('link', { name: '首页' })).toBeVisible();
    await expect(crumbs.getByText('角色管理')).toBeVisible();
    await expect(crumbs.getByRole('link', { name: '角色管理' })).toHaveCount(0);
    await crumbs.getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the footer comes from the settings', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/dashboard');
    await expect(page.getByRole('contentinfo')).toContainText(FOOTER_COPYRIGHT);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: '京ICP备00000000号-1' })).toBeVisible();
  });

  test('a module path opens its page', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/DeviceModule');
    await expect(page).toHaveURL(/\/DeviceModule\/DeviceManagement$/);
    await expect(page).toHaveTitle('报警设备管理 - 红外气体检测平台', { timeout: 30_000 });
    await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('报警设备管理');
  });

  test('log out asks first: Cancel keeps the session, confirm signs out', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/RoleModule/RoleManagement');
    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog', { name: '操作提示' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('确定注销并退出系统吗？');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/RoleModule\/RoleManagement$/);
    expect(await page.evaluate(() => localStorage.getItem('gas_admin_token'))).toBeTruthy();

    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const token = await page.evaluate(() => localStorage.getItem('gas_admin_token'));
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/user/loginout') && r.request().method() === 'DELETE');
    await page.getByRole('dialog', { name: '操作提示' }).getByRole('button', { name: /确\s*定/ }).click();
    expect((await logout).status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirect=%2FRoleModule%2FRoleManagement$/);
    expect(await page.evaluate(() => localStorage.getItem('gas_admin_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('gas_admin_userinfo'))).toBeNull();
    // The token is dead on the server too.
    const me = await request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('dialogs zoom open, unless the system asks for less motion', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/RoleModule/RoleManagement');
    // Records every class a dialog wears while it opens.
    const zoomedWhileOpening = async () => {
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { zoomSeen: string[] }).zoomSeen = seen;
        new MutationObserver((changes) =>
          changes.forEach((c) => c.target instanceof Element && c.target.classList.contains('ant-modal') && seen.push(c.target.className)),
        ).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
      });
      await page.getByRole('button', { name: 'admin' }).click();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      const dialog = page.getByRole('dialog', { name: '操作提示' });
      await expect(dialog).toBeVisible();
      const classes = await page.evaluate(() => [
        ...(window as unknown as { zoomSeen: string[] }).zoomSeen,
        document.querySelector('.ant-modal')?.className ?? '',
      ]);
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      await expect(dialog).toBeHidden();
      // antd always prepares the motion; only an animated opening goes through its start and active phases.
      return classes.some((c) => /ant-zoom-(appear|enter)-(start|active)/.test(c));
    };
    expect(await zoomedWhileOpening()).toBe(false); // the suite runs with reducedMotion: 'reduce'
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await zoomedWhileOpening()).toBe(true);
  });
});

test.describe('layout (en)', () => {
  test.use({ locale: 'en-US' });

  test('log out dialog, breadcrumb and menu in English', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/OperationLogModule/OperationLogManagement');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(crumbs.getByText('Operation Records')).toBeVisible();
    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Operation prompt' });
    await expect(dialog).toContainText('Are you sure you want to log out of the current account?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Operation prompt' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });

  test('the language switch changes every string and is remembered', async ({ page, request }) => {
    await openSignedIn(page, request, ADMIN, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Administrator' })).toBeVisible();
    await page.getByRole('button', { name: /Switch language/ }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByRole('heading', { name: '欢迎您，系统管理员' })).toBeVisible();
    await expect(page).toHaveTitle('首页 - 红外气体检测平台');
    await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '角色管理' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '欢迎您，系统管理员' })).toBeVisible();
  });
});
