import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { setupPageTests } from '@/testing/page-tests';
import { server } from '@/testing/server';
import { makeUser, ok, renderApp, signInAs, useBaseHandlers } from '@/testing/test-utils';
import type { Role } from '@/types/api';

const role: Role = {
  id: 5,
  name: '值班员',
  remark: '',
  companyId: null,
  permissions: ['OperationLogManagement'],
  userCount: 2,
  createdAt: 1795325266737,
  updatedAt: 1795325266737,
};

setupPageTests();

/** The table row of a role (role queries over the whole antd page are slow in jsdom). */
async function findRow(name: string): Promise<HTMLElement> {
  const cell = await screen.findByText(name, {}, { timeout: 10_000 });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

function rolesHandler(seen: URL[] = []) {
  return mock.get('/api/role', ({ request }) => {
    seen.push(new URL(request.url));
    return ok({ list: [role], total: 1, page: 1, pageSize: 20 });
  });
}

describe('Role Management buttons', () => {
  it('shows only the buttons whose codes the user holds', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['RoleManagement', 'RoleManagement:update'] }));
    server.use(rolesHandler());
    renderApp('/RoleModule/RoleManagement');
    const row = await findRow('值班员');
    expect(within(row).getByRole('button', { name: '编辑 值班员' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '删除 值班员' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).not.toBeInTheDocument();
  });

  it('reads the name filter and page from the URL and sends them', async () => {
    signInAs();
    useBaseHandlers(makeUser({ permission: ['RoleManagement'] }));
    const seen: URL[] = [];
    server.use(rolesHandler(seen));
    renderApp('/RoleModule/RoleManagement?name=%E5%80%BC&page=2');
    expect(await screen.findByText('值班员')).toBeInTheDocument();
    const last = seen[seen.length - 1];
    expect(last.searchParams.get('name')).toBe('值');
    expect(last.searchParams.get('page')).toBe('2');
    expect(last.searchParams.get('sort')).toBe('-createdAt');
    expect(screen.getByRole('textbox', { name: '角色名称' })).toHaveValue('值');
  });

  it("shows the server's 409 message when the role is still held", async () => {
    const user = userEvent.setup();
    signInAs();
    useBaseHandlers(makeUser({ permission: ['RoleManagement', 'RoleManagement:delete'] }));
    server.use(
      rolesHandler(),
      mock.delete('/api/role/5', () => HttpResponse.json({ code: 40900, msg: '该角色仍被 2 个用户使用，不能删除' }, { status: 409 })),
    );
    renderApp('/RoleModule/RoleManagement');
    const row = await findRow('值班员');
    await user.click(within(row).getByRole('button', { name: '删除 值班员' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('确定删除角色“值班员”吗？');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('该角色仍被 2 个用户使用，不能删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('值班员')).toBeInTheDocument());
  });
});
