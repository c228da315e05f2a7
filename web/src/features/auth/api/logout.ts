import { useMutation } from '@tanstack/react-query';

import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';

/**
 * DELETE /api/user/loginout. A failure is ignored silently and changes nothing, so the call
 * shows no toast and does not end the session on 401.
 */
export function logout(): Promise<null> {
  return request<null>({
    url: '/user/loginout',
    method: 'DELETE',
    silent: true,
    skipSessionHandling: true,
  });
}

export function useLogout(config?: MutationConfig<null, void>) {
  return useMutation({ ...config, mutationFn: () => logout() });
}
