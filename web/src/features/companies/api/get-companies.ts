import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Company, CompanyListQuery, Paginated } from '@/types/api';

/** GET /api/company: one page of companies (platform users). */
export function getCompanies(query: CompanyListQuery): Promise<Paginated<Company>> {
  return request<Paginated<Company>>({ url: '/company', method: 'GET', params: query });
}

export function companiesQueryOptions(query: CompanyListQuery) {
  return queryOptions({
    queryKey: queryKeys.company.list(query),
    queryFn: () => getCompanies(query),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(query: CompanyListQuery) {
  return useQuery(companiesQueryOptions(query));
}
