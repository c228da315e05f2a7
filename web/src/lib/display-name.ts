/**
 * The name the server gives the super administrator it creates on first start (internal/server/bootstrap.go):
 * a fixed English default, not a name anyone chose.
 */
export const DEFAULT_ADMIN_NAME = 'Administrator';

/** The fields of a user (the signed-in user's isAdmin, a listed user's isSuperAdmin) that name them. */
export interface NamedUser {
  name?: string;
  account?: string;
  isAdmin?: boolean;
  isSuperAdmin?: boolean;
}

/**
 * A user's name as the console shows it: the super administrator still named with the server's default
 * gets the translated title (系统管理员 / Administrator, `superAdminName`); a user without a name shows
 * the account. Any name someone gave is shown as given.
 */
export function displayName(user: NamedUser | null | undefined, t: (key: 'layout.superAdminName') => string): string {
  if (!user) return '';
  const name = user.name?.trim() ?? '';
  if ((user.isAdmin || user.isSuperAdmin) && name === DEFAULT_ADMIN_NAME) return t('layout.superAdminName');
  return name || user.account || '';
}
