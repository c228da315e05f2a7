import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Role, RoleCreateInput } from '@/types/api';

/** POST /api/role (RoleManagement:create). */
export function createRole(input: RoleCreateInput): Promise<Role> {
  return request<Role>({ url: '/role', method: 'POST', data: input, loading: true });
}

export function useCreateRole(config?: MutationConfig<Role, RoleCreateInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createRole,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'role');
      await config?.onSuccess?.(...args);
    },
  });
}
