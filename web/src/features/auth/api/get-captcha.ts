import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Captcha } from '@/types/api';

/** GET /api/verification-code: {captchaId, image (a data: URL)}. */
export function getCaptcha(): Promise<Captcha> {
  return request<Captcha>({ url: '/verification-code', method: 'GET' });
}

export function captchaQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.session.one('captcha'),
    queryFn: getCaptcha,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** The captcha, fetched only while the form needs one. */
export function useCaptcha(enabled: boolean) {
  return useQuery({ ...captchaQueryOptions(), enabled });
}
