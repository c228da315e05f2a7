/** Browser storage keys (docs/product.md §3). */
export const STORAGE_KEYS = {
  token: 'gas_admin_token',
  userInfo: 'gas_admin_userinfo',
  roles: 'roles',
  sidebarStatus: 'sidebarStatus',
  language: 'gas_admin_language',
} as const;

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  return safeStorage()?.getItem(key) ?? null;
}

export function writeString(key: string, value: string): void {
  safeStorage()?.setItem(key, value);
}

export function removeKey(key: string): void {
  safeStorage()?.removeItem(key);
}

export function readJSON<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJSON(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
