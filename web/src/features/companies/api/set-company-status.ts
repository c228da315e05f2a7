import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Company, RecordStatus } from '@/types/api';

import { invalidateCompanyData } from './invalidate';

export interface SetCompanyStatusVariables {
  id: number;
  status: RecordStatus;
}

/** PATCH /api/company/{id} (CompanyManagement:status): disabling ends every session of its users. */
export function setCompanyStatus({ id, status }: SetCompanyStatusVariables): Promise<Company> {
  return request<Company>({ url: `/company/${id}`, method: 'PATCH', data: { status } });
}

export function useSetCompanyStatus(config?: MutationConfig<Company, SetCompanyStatusVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setCompanyStatus,
    onSuccess: async (...args) => {
      await invalidateCompanyData(queryClient);
      await config?.onSuccess?.(...args);
    },
  });
}
