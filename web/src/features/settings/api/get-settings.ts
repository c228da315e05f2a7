import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { PublicSettings } from '@/types/api';

/** GET /api/settings (no token): footer texts set at deployment. Failure only hides the footer. */
export function getSettings(): Promise<PublicSettings> {
  return request<PublicSettings>({
    url: '/settings',
    method: 'GET',
    silent: true,
    skipSessionHandling: true,
  });
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settings.one('public'), queryFn: getSettings, staleTime: Infinity });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
