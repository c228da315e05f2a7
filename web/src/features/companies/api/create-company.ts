import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Company, CompanyCreateInput } from '@/types/api';

/**
 * POST /api/company (CompanyManagement:create): the company and its administrator. Silent: the
 * dialog shows 409/422 answers on the form.
 */
export function createCompany(input: CompanyCreateInput): Promise<Company> {
  return request<Company>({ url: '/company', method: 'POST', data: input, loading: true, silent: true });
}

export function useCreateCompany(config?: MutationConfig<Company, CompanyCreateInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createCompany,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'company');
      await config?.onSuccess?.(...args);
    },
  });
}
