import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Industry } from '@/types/api';

/** GET /api/industry: the 20 sections of GB/T 4754-2017, named in the request's language. */
export function getIndustries(): Promise<Industry[]> {
  return request<Industry[]>({ url: '/industry', method: 'GET' });
}

export function industriesQueryOptions(language: string) {
  return queryOptions({ queryKey: queryKeys.industry.options(language), queryFn: getIndustries, staleTime: Infinity });
}

export function useIndustries() {
  const { i18n } = useTranslation();
  return useQuery(industriesQueryOptions(i18n.language));
}
