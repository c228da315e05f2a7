import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/**
 * DELETE /api/company/{id} (CompanyManagement:delete): the company, its administrator and roles.
 * 409 while it has other users (the request layer toasts the server's message).
 */
export function deleteCompany(id: number): Promise<null> {
  return request<null>({ url: `/company/${id}`, method: 'DELETE', loading: true });
}

export function useDeleteCompany(config?: MutationConfig<null, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteCompany,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'company');
      await config?.onSuccess?.(...args);
    },
  });
}
