import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

import type { SmsUser, SmsUserInput } from '../types';

/** POST /api/smsUser (SmsUserManagement:create). Silent: the dialog shows 409/422 answers on the form. */
export function createSmsUser(input: SmsUserInput): Promise<SmsUser> {
  return request<SmsUser>({ url: '/smsUser', method: 'POST', data: input, loading: true, silent: true });
}

export function useCreateSmsUser(config?: MutationConfig<SmsUser, SmsUserInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createSmsUser,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'smsUser');
      await config?.onSuccess?.(...args);
    },
  });
}
