import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { ManagedUser, UserProfileInput } from '@/types/api';

export interface UpdateUserVariables {
  id: number;
  data: UserProfileInput;
}

/** PUT /api/users/{id} (UserManagement:update): name, phone and email. Silent: errors go on the form. */
export function updateUser({ id, data }: UpdateUserVariables): Promise<ManagedUser> {
  return request<ManagedUser>({ url: `/users/${id}`, method: 'PUT', data, loading: true, silent: true });
}

export function useUpdateUser(config?: MutationConfig<ManagedUser, UpdateUserVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateUser,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'user');
      await config?.onSuccess?.(...args);
    },
  });
}
