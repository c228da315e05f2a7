import { request } from '@/lib/request';
import type { PasswordResetInput, PasswordResetResult } from '@/types/api';

/**
 * PUT /api/users/reset-password/{id} (UserManagement:resetPassword): the given password, or a
 * generated one returned once; the user's sessions end.
 */
export function resetUserPassword(id: number, input: PasswordResetInput): Promise<PasswordResetResult> {
  return request<PasswordResetResult>({ url: `/users/reset-password/${id}`, method: 'PUT', data: input, loading: true });
}
