import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/** DELETE /api/role/{id} (RoleManagement:delete); 409 while a user holds the role (its msg is toasted). */
export function deleteRole(id: number): Promise<null> {
  return request<null>({ url: `/role/${id}`, method: 'DELETE', loading: true });
}

export function useDeleteRole(config?: MutationConfig<null, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteRole,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'role');
      await config?.onSuccess?.(...args);
    },
  });
}
