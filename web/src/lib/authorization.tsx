import type { ReactNode } from 'react';

import type { PermissionCode } from '@/types/api';

import { ADMIN_ROLE, useAuthStore } from './auth-store';

/** docs/product.md §6: a check passes if the roles include admin or the code. */
export function checkPermission(roles: readonly string[], code: PermissionCode | readonly PermissionCode[]): boolean {
  if (roles.includes(ADMIN_ROLE)) return true;
  const codes = typeof code === 'string' ? [code] : code;
  return codes.some((c) => roles.includes(c));
}

/** The permission check for the signed-in user: usePermission('RoleManagement:create'). */
export function usePermission(code: PermissionCode | readonly PermissionCode[]): boolean {
  const roles = useAuthStore((s) => s.roles);
  return checkPermission(roles, code);
}

interface PermissionProps {
  /** One code, or several of which one is enough. */
  code: PermissionCode | readonly PermissionCode[];
  children: ReactNode;
  /** What to render instead; nothing by default (the element is removed). */
  fallback?: ReactNode;
}

/** Renders its children only when the check passes. */
export function Permission({ code, children, fallback = null }: PermissionProps) {
  return usePermission(code) ? <>{children}</> : <>{fallback}</>;
}
