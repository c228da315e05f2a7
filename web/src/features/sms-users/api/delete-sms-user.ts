import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/** DELETE /api/smsUser/{id} (SmsUserManagement:delete); its send log stays. */
export function deleteSmsUser(id: number): Promise<null> {
  return request<null>({ url: `/smsUser/${id}`, method: 'DELETE', loading: true });
}

export function useDeleteSmsUser(config?: MutationConfig<null, number>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteSmsUser,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'smsUser');
      await config?.onSuccess?.(...args);
    },
  });
}
