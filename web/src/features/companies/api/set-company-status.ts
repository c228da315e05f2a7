import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Company, RecordStatus } from '@/types/api';

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
      await invalidateEntity(queryClient, 'company');
      await config?.onSuccess?.(...args);
    },
  });
}
