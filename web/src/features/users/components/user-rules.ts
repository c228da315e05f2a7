import type { ManagedUser, Role, UserInfo } from '@/types/api';

/** The platform super-administrator's account. */
export const SUPER_ADMIN_ACCOUNT = 'admin';

/**
 * Why a user may not be disabled, deleted or demoted from User Management (the server answers
 * 409): oneself, the platform's admin, a company's administrator (managed through its company).
 */
export type ProtectedReason = 'self' | 'admin' | 'companyAdmin';

export function protectedReason(
  target: Pick<ManagedUser, 'id' | 'account' | 'companyId' | 'isCompanyAdmin'>,
  me: Pick<UserInfo, 'id'> | null,
): ProtectedReason | null {
  if (me && target.id === me.id) return 'self';
  if (target.account === SUPER_ADMIN_ACCOUNT && target.companyId === null) return 'admin';
  if (target.isCompanyAdmin) return 'companyAdmin';
  return null;
}

/** Only admin resets admin's password (409 for anyone else). */
export function canResetPassword(
  target: Pick<ManagedUser, 'id' | 'account' | 'companyId'>,
  me: Pick<UserInfo, 'id'> | null,
): boolean {
  return !(target.account === SUPER_ADMIN_ACCOUNT && target.companyId === null && target.id !== me?.id);
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
