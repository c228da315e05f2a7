import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { SmsUser, SmsUserInput } from '../types';

export interface UpdateSmsUserVariables {
  id: number;
  data: SmsUserInput;
}

/** PUT /api/smsUser/{id} (SmsUserManagement:update). Silent: errors go on the form. */
export function updateSmsUser({ id, data }: UpdateSmsUserVariables): Promise<SmsUser> {
  return request<SmsUser>({ url: `/smsUser/${id}`, method: 'PUT', data, loading: true, silent: true });
}

export function useUpdateSmsUser(config?: MutationConfig<SmsUser, UpdateSmsUserVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateSmsUser,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'smsUser');
      await config?.onSuccess?.(...args);
    },
  });
}
