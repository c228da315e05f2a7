import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { ManagedUser, RecordStatus } from '@/types/api';

import { invalidateUserData } from './invalidate';

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
      await invalidateUserData(queryClient);
      await config?.onSuccess?.(...args);
    },
  });
}
