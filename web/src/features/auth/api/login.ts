import { useMutation } from '@tanstack/react-query';

import { useAuthStore } from '@/lib/auth-store';
import { encryptPassword } from '@/lib/crypto';
import type { MutationConfig } from '@/lib/react-query';
import { request } from '@/lib/request';
import type { LoginRequest, LoginResponse } from '@/types/api';

import { getLoginKey } from './get-login-key';

export interface LoginInput {
  account: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
}

/**
 * POST /api/login. The call opts out of the session handling (a wrong password answers 401
 * 40101) and of toasts: the sign-in form shows the server's msg itself.
 */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return request<LoginResponse>({
    url: '/login',
    method: 'POST',
    data: body,
    silent: true,
    skipSessionHandling: true,
  });
}

/** Fetches a login key, encrypts the password with it and signs in. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const { keyId, key } = await getLoginKey();
  const body: LoginRequest = {
    account: input.account.trim(),
    password: encryptPassword(input.password, key),
    keyId,
  };
  if (input.captchaId && input.captchaCode) {
    body.captchaId = input.captchaId;
    body.captchaCode = input.captchaCode.trim();
  }
  return postLogin(body);
}

/** Signs in and stores the token; the route guard then loads the user info. */
export function useLogin(config?: MutationConfig<LoginResponse, LoginInput>) {
  const setToken = useAuthStore((s) => s.setToken);
  return useMutation({
    ...config,
    mutationFn: login,
    onSuccess: (...args) => {
      setToken(args[0].token);
      config?.onSuccess?.(...args);
    },
  });
}
