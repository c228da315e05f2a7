import { useMutation, useQueryClient } from '@tanstack/react-query';

import { invalidateEntity } from '@/lib/query-keys';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { RecordStatus } from '@/types/api';

import type { SmsUser } from '../types';

export interface SetSmsUserStatusVariables {
  id: number;
  status: RecordStatus;
}

/** PATCH /api/smsUser/{id} {status} (SmsUserManagement:status): a disabled user gets nothing. */
export function setSmsUserStatus({ id, status }: SetSmsUserStatusVariables): Promise<SmsUser> {
  return request<SmsUser>({ url: `/smsUser/${id}`, method: 'PATCH', data: { status } });
}

export function useSetSmsUserStatus(config?: MutationConfig<SmsUser, SetSmsUserStatusVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setSmsUserStatus,
    onSuccess: async (...args) => {
      await invalidateEntity(queryClient, 'smsUser');
      await config?.onSuccess?.(...args);
    },
  });
}
