import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { ManagedUser, UserCreateInput } from '@/types/api';

/** POST /api/users (UserManagement:create). Silent: the dialog shows 409/422/403 answers on the form. */
export function createUser(input: UserCreateInput): Promise<ManagedUser> {
  return request<ManagedUser>({ url: '/users', method: 'POST', data: input, loading: true, silent: true });
}

export function useCreateUser(config?: MutationConfig<ManagedUser, UserCreateInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createUser,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'user');
      await config?.onSuccess?.(...args);
    },
  });
}
