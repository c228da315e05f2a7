import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { ManagedUser, RecordStatus } from '@/types/api';

export interface SetUserStatusVariables {
  id: number;
  status: RecordStatus;
}

/**
 * PUT /api/users/change-status/{id} (UserManagement:status): disabling signs the user out. 409 for
 * oneself, admin and a company's administrator (the list greys those switches out).
 */
export function setUserStatus({ id, status }: SetUserStatusVariables): Promise<ManagedUser> {
  return request<ManagedUser>({ url: `/users/change-status/${id}`, method: 'PUT', data: { status } });
}

export function useSetUserStatus(config?: MutationConfig<ManagedUser, SetUserStatusVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setUserStatus,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'user');
      await config?.onSuccess?.(...args);
    },
  });
}
