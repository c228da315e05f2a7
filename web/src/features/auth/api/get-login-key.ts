import { request } from '@/lib/request';
import type { LoginKey } from '@/types/api';

/** GET /api/login-key: a single-use 256-bit key, valid 5 minutes. */
export function getLoginKey(): Promise<LoginKey> {
  return request<LoginKey>({ url: '/login-key', method: 'GET' });
}
