import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, resetStores, signInAs, useBaseHandlers } from '@/testing/test-utils';

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(async () => {
  resetStores();
  await changeLanguage('zh-CN');
});
afterEach(() => {
  server.resetHandlers();
});

describe('access rules', () => {
  it('sends a signed-out deep link to /login with the path and query as redirect', async () => {
    useBaseHandlers(null);
    const { router } = renderApp('/OperationLogModule/OperationLogManagement?account=bob&page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/OperationLogModule/OperationLogManagement?account=bob&page=2',
    );
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
  });

  it('gives a user with no permission the dashboard alone, without a redirect loop', async () => {
    signInAs();
    let userCalls = 0;
    useBaseHandlers(null);
    server.use(
      mock.get('/api/user', () => {
        userCalls += 1;
        return ok(makeUser({ permission: [] }));
      }),
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '欢迎您，Alice' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const menu = screen.getByRole('navigation', { name: '主菜单' });
    expect(menu).toHaveTextContent('首页');
    expect(menu).not.toHaveTextContent('角色管理');
    expect(userCalls).toBe(1);
    expect(useAuthStore.getState()).toMatchObject({ userLoaded: true, roles: [] });
    await waitFor(() => expect(document.title).toBe('首页 - 红外气体检测平台')); // set by an effect after the page renders
  });

  it('warns and goes to / when the route is not permitted', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['OperationLogManagement'] }));
    const { router } = renderApp('/RoleModule/RoleManagement');
    expect(await screen.findByText('您没有该页面的权限')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByRole('navigation', { name: '主菜单' })).toHaveTextContent('操作记录');
  });

  it('never shows /404 for a deep link while the user info loads, and /404 for unknown paths', async () => {
    signInAs();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    useBaseHandlers(null);
    server.use(
      mock.get('/api/user', async () => {
        await gate;
        return ok(makeUser({ permission: ['RoleManagement'] }));
      }),
      mock.get('/api/role', () => ok({ list: [], total: 0, page: 1, pageSize: 20 })),
      mock.get('/api/permission', () => ok([])),
    );
    const { router } = renderApp('/RoleModule/RoleManagement');
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/RoleModule/RoleManagement');
    expect(screen.getByRole('status')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: /查\s*询/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/RoleModule/RoleManagement');

    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
  });

  it('signs out when the user info answers a code other than 0', async () => {
    signInAs();
    useBaseHandlers(null);
    server.use(mock.get('/api/user', () => HttpResponse.json({ code: 50000, msg: 'broken', data: null })));
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('gas_admin_token')).toBeNull();
  });

  it('sends a signed-in user on /login to /', async () => {
    signInAs();
    useBaseHandlers(makeUser());
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('logout', () => {
  it('asks first; Cancel keeps the session, confirm calls DELETE /api/user/loginout and reloads', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ account: 'alice' }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    let logoutCalls = 0;
    server.use(
      mock.delete('/api/user/loginout', () => {
        logoutCalls += 1;
        return ok(null);
      }),
    );
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    expect((await screen.findAllByText('操作提示'))[0]).toBeInTheDocument();
    expect(screen.getByText('确定注销并退出系统吗？')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定注销并退出系统吗？')).not.toBeInTheDocument());
    expect(logoutCalls).toBe(0);

    await user.click(screen.getByRole('button', { name: /alice/ }));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(logoutCalls).toBe(1);
    expect(localStorage.getItem('gas_admin_token')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('changes nothing and shows nothing when the logout call fails', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ account: 'alice' }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    server.use(mock.delete('/api/user/loginout', () => HttpResponse.json({ code: 50000, msg: 'down' }, { status: 500 })));
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /alice/ }));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('确定注销并退出系统吗？')).not.toBeInTheDocument());
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('gas_admin_token')).toBe('test-token');
    expect(screen.queryByText('down')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
