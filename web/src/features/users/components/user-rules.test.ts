import { describe, expect, it } from 'vitest';

import { canGrantRole, canResetPassword, protectedReason, rolesForCompany } from './user-rules';

const user = (over: Partial<{ id: number; account: string; companyId: number | null; isCompanyAdmin: boolean }> = {}) => ({
  id: 10,
  account: 'li.ming',
  companyId: 3 as number | null,
  isCompanyAdmin: false,
  ...over,
});

describe('protectedReason', () => {
  it('protects oneself, admin and a company administrator', () => {
    expect(protectedReason(user({ id: 7 }), { id: 7 })).toBe('self');
    expect(protectedReason(user({ id: 1, account: 'admin', companyId: null }), { id: 7 })).toBe('admin');
    expect(protectedReason(user({ isCompanyAdmin: true }), { id: 7 })).toBe('companyAdmin');
  });
  it('leaves other users alone, a company account named admin included', () => {
    expect(protectedReason(user(), { id: 7 })).toBeNull();
    expect(protectedReason(user({ account: 'admin', companyId: 3 }), { id: 7 })).toBeNull();
  });
});

describe('canResetPassword', () => {
  it("lets only admin reset admin's password", () => {
    const admin = user({ id: 1, account: 'admin', companyId: null });
    expect(canResetPassword(admin, { id: 1 })).toBe(true);
    expect(canResetPassword(admin, { id: 7 })).toBe(false);
    expect(canResetPassword(user(), { id: 7 })).toBe(true);
  });
});

describe('roles', () => {
  const roles = [
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
