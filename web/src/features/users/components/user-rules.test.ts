import { describe, expect, it } from 'vitest';

import type { PermissionCode } from '@/types/api';

import { canGrantRole, canResetPassword, protectedReason, rolesForCompany } from './user-rules';

const user = (over: Partial<{ id: number; isSuperAdmin: boolean; isCompanyAdmin: boolean }> = {}) => ({
  id: 10,
  isSuperAdmin: false,
  isCompanyAdmin: false,
  ...over,
});

describe('protectedReason', () => {
  it('protects oneself, admin and a company administrator', () => {
    expect(protectedReason(user({ id: 7 }), { id: 7 })).toBe('self');
    expect(protectedReason(user({ id: 1, isSuperAdmin: true }), { id: 7 })).toBe('admin');
    expect(protectedReason(user({ isCompanyAdmin: true }), { id: 7 })).toBe('companyAdmin');
  });
  it('leaves other users alone (the server says who the super-administrator is, not the account name)', () => {
    expect(protectedReason(user(), { id: 7 })).toBeNull();
  });
});

describe('canResetPassword', () => {
  it("lets only admin reset admin's password", () => {
    const admin = user({ id: 1, isSuperAdmin: true });
    expect(canResetPassword(admin, { id: 1 })).toBe(true);
    expect(canResetPassword(admin, { id: 7 })).toBe(false);
    expect(canResetPassword(user(), { id: 7 })).toBe(true);
  });
});

describe('roles', () => {
  const roles: { id: number; companyId: number | null; permissions: PermissionCode[] }[] = [
    { id: 1, companyId: null, permissions: ['RoleManagement'] },
    { id: 2, companyId: 3, permissions: ['DeviceManagement', 'DeviceManagement:create'] },
    { id: 3, companyId: 4, permissions: [] },
  ];
  it('offers the roles of the chosen company, or the platform roles without one', () => {
    expect(rolesForCompany(roles, 3).map((r) => r.id)).toEqual([2]);
    expect(rolesForCompany(roles, null).map((r) => r.id)).toEqual([1]);
  });
  it('lets a granter give a role only when it holds every code of it', () => {
    expect(canGrantRole(roles[1], { isAdmin: false, codes: ['DeviceManagement'] })).toBe(false);
    expect(canGrantRole(roles[1], { isAdmin: false, codes: ['DeviceManagement', 'DeviceManagement:create'] })).toBe(true);
    expect(canGrantRole(roles[1], { isAdmin: true, codes: [] })).toBe(true);
  });
});
