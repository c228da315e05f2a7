import { create } from 'zustand';

import type { UserInfo } from '@/types/api';

import { readJSON, readString, removeKey, STORAGE_KEYS, writeJSON, writeString } from './storage';

/** The role that passes every check (given to the platform super-administrator). */
export const ADMIN_ROLE = 'admin';

/**
 * docs/product.md §4: the platform super-administrator gets ['admin']; everyone else their permission
 * codes. Who is the super-administrator is the server's answer (isAdmin), never a guess from the name.
 */
export function rolesFor(user: Pick<UserInfo, 'isAdmin' | 'permission'>): string[] {
  if (user.isAdmin) return [ADMIN_ROLE];
  return Array.isArray(user.permission) ? [...user.permission] : [];
}

interface AuthState {
  token: string | null;
  userInfo: UserInfo | null;
  roles: string[];
  /**
   * True once GET /api/user succeeded in this page load. Kept apart from roles: a user whose
   * permission list is empty is loaded and has no roles.
   */
  userLoaded: boolean;
  setToken: (token: string) => void;
  setUser: (user: UserInfo) => void;
  clearSession: () => void;
}

export const useAuthStore = create<AuthState>((set) => ({
  token: readString(STORAGE_KEYS.token),
  userInfo: readJSON<UserInfo>(STORAGE_KEYS.userInfo),
  roles: readJSON<string[]>(STORAGE_KEYS.roles) ?? [],
  userLoaded: false,
  setToken: (token) => {
    writeString(STORAGE_KEYS.token, token);
    set({ token, userLoaded: false });
  },
  setUser: (user) => {
    const roles = rolesFor(user);
    writeJSON(STORAGE_KEYS.userInfo, user);
    writeJSON(STORAGE_KEYS.roles, roles);
    set({ userInfo: user, roles, userLoaded: true });
  },
  clearSession: () => {
    removeKey(STORAGE_KEYS.token);
    removeKey(STORAGE_KEYS.userInfo);
    removeKey(STORAGE_KEYS.roles);
    set({ token: null, userInfo: null, roles: [], userLoaded: false });
  },
}));

export function getToken(): string | null {
  return useAuthStore.getState().token;
}

/** Whether a user belongs to the platform (no company) rather than to a company. */
export function isPlatformUser(user: Pick<UserInfo, 'companyId'> | null | undefined): boolean {
  return user?.companyId === null || user?.companyId === undefined;
}

/** Whether the signed-in user is a platform user: who chooses a company in filters and dialogs. */
export function useIsPlatform(): boolean {
  return useAuthStore((s) => isPlatformUser(s.userInfo));
}
