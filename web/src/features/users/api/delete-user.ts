import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/** DELETE /api/users/{id} (UserManagement:delete); a refusal's message is toasted by the request layer. */
export function deleteUser(id: number): Promise<null> {
  return request<null>({ url: `/users/${id}`, method: 'DELETE', loading: true });
}

export function useDeleteUser(config?: MutationConfig<null, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteUser,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'user');
      await config?.onSuccess?.(...args);
    },
  });
}
