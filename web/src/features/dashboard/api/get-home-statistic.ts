import { queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { HomeStatistic } from '@/types/api';

/** Read again now and then while the page is visible: today's readings grow without any event. */
export const HOME_POLL_MS = 60_000;

/**
 * GET /api/home/statistic. Silent: the page shows a failure itself (with a retry) rather than a toast,
 * so a home page that cannot load never interrupts the user elsewhere.
 */
export function getHomeStatistic(): Promise<HomeStatistic> {
  return request<HomeStatistic>({ url: '/home/statistic', method: 'GET', silent: true });
}

export function homeStatisticQueryOptions() {
  return queryOptions({
    // under 'home' (lib/query-keys.ts): the live feed and every change of what it counts refresh it
    queryKey: queryKeys.home.one('statistic'),
    queryFn: getHomeStatistic,
    staleTime: 0,
    refetchInterval: HOME_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useHomeStatistic(enabled = true) {
  return useQuery({ ...homeStatisticQueryOptions(), enabled });
}
