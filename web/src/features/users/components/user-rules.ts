import type { ManagedUser, Role, UserInfo } from '@/types/api';

/**
 * Why a user may not be disabled, deleted or demoted from User Management (the server answers
 * 409): oneself, the platform's admin, a company's administrator (managed through its company).
 */
export type ProtectedReason = 'self' | 'admin' | 'companyAdmin';

export function protectedReason(
  target: Pick<ManagedUser, 'id' | 'isSuperAdmin' | 'isCompanyAdmin'>,
  me: Pick<UserInfo, 'id'> | null,
): ProtectedReason | null {
  if (me && target.id === me.id) return 'self';
  if (target.isSuperAdmin) return 'admin';
  if (target.isCompanyAdmin) return 'companyAdmin';
  return null;
}

/** Only admin resets admin's password (409 for anyone else). */
export function canResetPassword(
  target: Pick<ManagedUser, 'id' | 'isSuperAdmin'>,
  me: Pick<UserInfo, 'id'> | null,
): boolean {
  return !(target.isSuperAdmin && target.id !== me?.id);
}

/** A role's codes are all held by the granter (admin holds every code): else the server refuses it (403). */
export function canGrantRole(role: Pick<Role, 'permissions'>, granter: { isAdmin: boolean; codes: readonly string[] }): boolean {
  return granter.isAdmin || role.permissions.every((code) => granter.codes.includes(code));
}

/**
 * The roles a user of `companyId` may hold, from a list of roles: that company's roles, or the
 * platform roles (companyId null) for a platform user.
 */
export function rolesForCompany<R extends Pick<Role, 'companyId'>>(roles: readonly R[], companyId: number | null): R[] {
  return roles.filter((role) => (role.companyId ?? null) === companyId);
}
