import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { Role, RoleUpdateInput } from '@/types/api';

export interface UpdateRoleVariables {
  id: number;
  data: RoleUpdateInput;
}

/** PUT /api/role/{id} (RoleManagement:update). */
export function updateRole({ id, data }: UpdateRoleVariables): Promise<Role> {
  return request<Role>({ url: `/role/${id}`, method: 'PUT', data, loading: true });
}

export function useUpdateRole(config?: MutationConfig<Role, UpdateRoleVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateRole,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'role');
      await config?.onSuccess?.(...args);
    },
  });
}
