import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';
import type { RegionNode } from '@/types/api';

/** GET /api/regional/tree: provinces, cities and counties (six-digit codes). */
export function getRegionTree(): Promise<RegionNode[]> {
  return request<RegionNode[]>({ url: '/regional/tree', method: 'GET' });
}

export function regionTreeQueryOptions() {
  return queryOptions({ queryKey: ['regionTree'], queryFn: getRegionTree, staleTime: Infinity });
}

export function useRegionTree() {
  return useQuery(regionTreeQueryOptions());
}
