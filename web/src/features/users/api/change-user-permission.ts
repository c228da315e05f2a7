import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { ManagedUser, UserGrantInput } from '@/types/api';

export interface ChangeUserPermissionVariables {
  id: number;
  data: UserGrantInput;
}

/**
 * PUT /api/users/change-permission/{id} (UserManagement:permission): the user's roles and extra
 * codes. Silent: the dialog shows a refusal (422, 403 40301, 409) itself.
 */
export function changeUserPermission({ id, data }: ChangeUserPermissionVariables): Promise<ManagedUser> {
  return request<ManagedUser>({ url: `/users/change-permission/${id}`, method: 'PUT', data, loading: true, silent: true });
}

export function useChangeUserPermission(config?: MutationConfig<ManagedUser, ChangeUserPermissionVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: changeUserPermission,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'user');
      await config?.onSuccess?.(...args);
    },
  });
}
