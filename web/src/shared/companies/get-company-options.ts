import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { CompanyRef } from '@/types/api';

/** GET /api/company/simple-list: every company for selects. Platform users only (403 otherwise). */
export function getCompanyOptions(): Promise<CompanyRef[]> {
  return request<CompanyRef[]>({ url: '/company/simple-list', method: 'GET' });
}

export function companyOptionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.options(), queryFn: getCompanyOptions, staleTime: 60_000 });
}

/** Only call it for a platform user: a company user's 403 would end its session. */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({ ...companyOptionsQueryOptions(), enabled });
}
