import { request } from '@/lib/request';
import type { AccountCheck } from '@/types/api';

/**
 * GET /api/users/check-user-account (UserManagement or CompanyManagement): whether an account
 * could be created. Silent: the form shows the answer, and a failed check leaves it to the create call.
 */
export function checkAccount(account: string): Promise<AccountCheck> {
  return request<AccountCheck>({ url: '/users/check-user-account', method: 'GET', params: { account }, silent: true });
}
