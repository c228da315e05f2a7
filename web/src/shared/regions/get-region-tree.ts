import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { RegionNode } from '@/types/api';

/** GET /api/regional/tree: provinces, cities and counties (six-digit codes). */
export function getRegionTree(): Promise<RegionNode[]> {
  return request<RegionNode[]>({ url: '/regional/tree', method: 'GET' });
}

export function regionTreeQueryOptions() {
  return queryOptions({ queryKey: queryKeys.region.options(), queryFn: getRegionTree, staleTime: Infinity });
}

export function useRegionTree() {
  return useQuery(regionTreeQueryOptions());
}

/** A cascader entry of the regional tree. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** The regional tree as cascader options (a county has no children list, so it is a leaf). */
export function regionOptions(nodes: readonly RegionNode[]): RegionOption[] {
  return nodes.map((node) => ({
    value: node.code,
    label: node.name,
    children: node.children && node.children.length > 0 ? regionOptions(node.children) : undefined,
  }));
}
