import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { rolesFor, useAuthStore } from './auth-store';
import { checkPermission, Permission } from './authorization';

describe('checkPermission', () => {
  it('passes with the code or with admin', () => {
    expect(checkPermission(['RoleManagement:create'], 'RoleManagement:create')).toBe(true);
    expect(checkPermission(['admin'], 'Anything:at-all')).toBe(true);
    expect(checkPermission(['RoleManagement'], 'RoleManagement:delete')).toBe(false);
    expect(checkPermission([], ['A', 'B'])).toBe(false);
    expect(checkPermission(['B'], ['A', 'B'])).toBe(true);
  });
});

describe('rolesFor', () => {
  it('gives the account named admin the role admin, others their permission codes', () => {
    expect(rolesFor({ account: 'admin', permission: ['X'] })).toEqual(['admin']);
    expect(rolesFor({ account: 'ops', permission: ['RoleManagement'] })).toEqual(['RoleManagement']);
    expect(rolesFor({ account: 'empty', permission: [] })).toEqual([]);
  });
});

describe('<Permission>', () => {
  it('removes the element when the check fails and renders it when it passes', () => {
    useAuthStore.setState({ roles: ['RoleManagement:update'] });
    render(
      <>
        <Permission code="RoleManagement:create">
          <button type="button">Create</button>
        </Permission>
        <Permission code="RoleManagement:update">
          <button type="button">Edit</button>
        </Permission>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
