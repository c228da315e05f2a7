import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Company, CompanyInput } from '@/types/api';

export interface UpdateCompanyVariables {
  id: number;
  data: CompanyInput;
}

/** PUT /api/company/{id} (CompanyManagement:update): the register data. Silent: errors go on the form. */
export function updateCompany({ id, data }: UpdateCompanyVariables): Promise<Company> {
  return request<Company>({ url: `/company/${id}`, method: 'PUT', data, loading: true, silent: true });
}

export function useUpdateCompany(config?: MutationConfig<Company, UpdateCompanyVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateCompany,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'company');
      await config?.onSuccess?.(...args);
    },
  });
}
