import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { rolesFor, useAuthStore } from './auth-store';
import { checkPermission, Permission } from './authorization';

describe('checkPermission', () => {
  it('passes with the code or with admin', () => {
    expect(checkPermission(['RoleManagement:create'], 'RoleManagement:create')).toBe(true);
    expect(checkPermission(['admin'], 'DeviceManagement:secret')).toBe(true);
    expect(checkPermission(['RoleManagement'], 'RoleManagement:delete')).toBe(false);
    expect(checkPermission([], ['DeviceManagement', 'CompanyManagement'])).toBe(false);
    expect(checkPermission(['CompanyManagement'], ['DeviceManagement', 'CompanyManagement'])).toBe(true);
  });
});

describe('rolesFor', () => {
  it('gives the super-administrator the server names the role admin, others their permission codes', () => {
    expect(rolesFor({ isAdmin: true, permission: ['DeviceManagement'] })).toEqual(['admin']);
    expect(rolesFor({ isAdmin: false, permission: ['RoleManagement'] })).toEqual(['RoleManagement']);
    expect(rolesFor({ isAdmin: false, permission: [] })).toEqual([]);
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
