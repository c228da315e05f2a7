import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { findDialog, makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { ManagedUser, PermissionCode, PermissionNode, Role } from '@/types/api';

const PATH = '/UserModule/UserManagement';

function managed(over: Partial<ManagedUser>): ManagedUser {
  return {
    id: 20,
    account: 'li.ming',
    name: '李明',
    phone: '13800138000',
    email: '',
    companyId: 5,
    companyName: '杭州燃气检测有限公司',
    isCompanyAdmin: false,
    isSuperAdmin: false,
    permissions: [],
    rolesList: [{ id: 3, name: '值班员' }],
    status: 1,
    lastLoginAt: null,
    lastLoginIp: '',
    createdAt: 1795325266737,
    updatedAt: 1795325266737,
    ...over,
  };
}

const me = managed({ id: 2, account: 'hz_admin', name: '王五', isCompanyAdmin: true, rolesList: [] });
const colleague = managed({});
const platformAdmin = managed({ id: 1, account: 'admin', name: 'Administrator', companyId: null, companyName: '', isSuperAdmin: true, rolesList: [] });

const roles: Role[] = [
  { id: 3, name: '值班员', remark: '', companyId: 5, permissions: ['DeviceManagement'], userCount: 1, createdAt: 1, updatedAt: 1 },
  { id: 4, name: '平台运营', remark: '', companyId: null, permissions: ['CompanyManagement'], userCount: 0, createdAt: 1, updatedAt: 1 },
];

const node = (code: PermissionCode, name: string, type: 'menu' | 'button', platformOnly: boolean, children: PermissionNode[] = []): PermissionNode => ({
  code,
  name,
  names: { 'zh-CN': name, en: code },
  type,
  platformOnly,
  children,
});
const tree: PermissionNode[] = [
  node('CompanyManagement', '企业管理', 'menu', true, [node('CompanyManagement:create', '新增', 'button', true)]),
  node('UserManagement', '用户管理', 'menu', false, [node('UserManagement:create', '新增', 'button', false)]),
];

const USER_CODES: PermissionCode[] = [
  'UserManagement',
  'UserManagement:create',
  'UserManagement:update',
  'UserManagement:delete',
  'UserManagement:status',
  'UserManagement:resetPassword',
  'UserManagement:permission',
];

setupPageTests();

function handlers(list: ManagedUser[], asked: string[] = []) {
  server.use(
    mock.get('/api/users', ({ request }) => {
      asked.push(new URL(request.url).search);
      return ok({ list, total: list.length, page: 1, pageSize: 20 });
    }),
    mock.get('/api/company/simple-list', () => {
      asked.push('simple-list');
      return ok([{ id: 5, name: '杭州燃气检测有限公司', status: 1 }]);
    }),
    mock.get('/api/role', ({ request }) => {
      asked.push(`role${new URL(request.url).search}`);
      return ok({ list: roles, total: roles.length, page: 1, pageSize: 100 });
    }),
    mock.get('/api/permission', () => ok(tree)),
  );
}

async function findRow(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe('User Management buttons', () => {
  it('shows only the buttons whose codes the user holds', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 9, permission: ['UserManagement', 'UserManagement:update', 'UserManagement:resetPassword'] }));
    handlers([colleague]);
    renderApp(PATH);
    const row = await findRow('li.ming');
    expect(within(row).getByRole('button', { name: '编辑 li.ming' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '重置密码 li.ming' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: '权限 li.ming' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '删除 li.ming' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });

  it('for a platform user: the company column and filter, and admin protected', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: 9, permission: [...USER_CODES, 'RoleManagement'] }));
    const asked: string[] = [];
    handlers([platformAdmin, colleague], asked);
    renderApp(`${PATH}?companyId=5&roleId=3&status=1`);
    const row = await findRow('li.ming');
    expect(screen.getByRole('columnheader', { name: '所属企业' })).toBeInTheDocument();
    expect(within(row).getByText('杭州燃气检测有限公司')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '状态 li.ming' })).toBeEnabled();
    const adminRow = await findRow('Administrator');
    expect(within(adminRow).getByRole('switch', { name: '状态 admin' })).toBeDisabled();
    expect(within(adminRow).getByRole('button', { name: '删除 admin' })).toBeDisabled();
    expect(within(adminRow).getByRole('button', { name: '权限 admin' })).toBeDisabled();
    expect(within(adminRow).getByRole('button', { name: '重置密码 admin' })).toBeDisabled();
    expect(within(adminRow).getByText('平台用户')).toBeInTheDocument();
    expect(asked).toContain('simple-list');
    const list = asked.find((q) => q.startsWith('?')) ?? '';
    expect(new URLSearchParams(list).get('companyId')).toBe('5');
    expect(new URLSearchParams(list).get('roleId')).toBe('3');
    expect(new URLSearchParams(list).get('status')).toBe('1');
    const search = screen.getByRole('search');
    expect(within(search).getByText('所属企业')).toBeInTheDocument();
    expect(within(search).getByText('角色')).toBeInTheDocument();
  });

  it('for a company user: no company column or filter, no company call, its own and the administrator switches greyed out', async () => {
    signInAs();
    useBaseHandlers(makeUser({ id: me.id, account: me.account, companyId: 5, permission: USER_CODES }));
    const asked: string[] = [];
    handlers([me, colleague], asked);
    renderApp(PATH);
    const row = await findRow('li.ming');
    const ownRow = await findRow('王五');
    expect(screen.queryByRole('columnheader', { name: '所属企业' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('search')).queryByText('所属企业')).not.toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '状态 li.ming' })).toBeEnabled();
    expect(within(ownRow).getByRole('switch', { name: '状态 hz_admin' })).toBeDisabled();
    expect(within(ownRow).getByRole('button', { name: '删除 hz_admin' })).toBeDisabled();
    expect(within(ownRow).getByText('企业管理员')).toBeInTheDocument();
    // Without RoleManagement nothing asks GET /api/role (its 403 would end the session).
    expect(within(screen.getByRole('search')).queryByText('角色')).not.toBeInTheDocument();
    expect(asked.filter((q) => q === 'simple-list' || q.startsWith('role'))).toEqual([]);
  });

  it('the permission dialog of a company user hides platform-only codes and offers its company roles', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ id: me.id, account: me.account, companyId: 5, permission: [...USER_CODES, 'RoleManagement', 'DeviceManagement'] }));
    const asked: string[] = [];
    handlers([me, colleague], asked);
    renderApp(PATH);
    const row = await findRow('li.ming');
    await user.click(within(row).getByRole('button', { name: '权限 li.ming' }));
    const dialog = await findDialog('分配权限');
    expect(await within(dialog).findByText('用户管理')).toBeInTheDocument();
    expect(within(dialog).queryByText('企业管理')).not.toBeInTheDocument();
    // the user's current role is selected; the platform role of the answer is not offered
    expect(within(dialog).getByText('值班员')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox'));
    const offered = async () =>
      [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((o) => o.textContent);
    await vi.waitFor(async () => expect(await offered()).toEqual(['值班员']));
    expect(asked.some((q) => q.startsWith('role'))).toBe(true);
    expect(asked).not.toContain('simple-list');
  });

  it('the edit dialog shows the chosen user each time, not the one edited before', async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ id: me.id, account: me.account, companyId: 5, permission: USER_CODES }));
    const other = managed({ id: 21, account: 'zhao.liu', name: '赵六', phone: '13900139000' });
    handlers([colleague, other]);
    renderApp(PATH);
    for (const [account, name] of [['li.ming', '李明'], ['zhao.liu', '赵六'], ['li.ming', '李明']]) {
      const row = await findRow(account);
      await user.click(within(row).getByRole('button', { name: `编辑 ${account}` }));
      const dialog = await findDialog('编辑用户');
      expect(within(dialog).getByLabelText(/姓名/)).toHaveValue(name);
      await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });
});
