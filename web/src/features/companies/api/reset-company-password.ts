import { request } from '@/lib/request';
import type { PasswordResetInput, PasswordResetResult } from '@/types/api';

/**
 * PUT /api/company/reset-password/{id} (CompanyManagement:resetPassword): the administrator's new
 * password, or a generated one returned once; the administrator's sessions end.
 */
export function resetCompanyPassword(id: number, input: PasswordResetInput): Promise<PasswordResetResult> {
  return request<PasswordResetResult>({ url: `/company/reset-password/${id}`, method: 'PUT', data: input, loading: true });
}
