import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import type { HomeStatistic } from '../types';

/**
 * Query keys of the home page. The live feed (features/live) invalidates the prefix ['home'] on every
 * event, so the figures follow alarms without a reload.
 */
export const homeKeys = {
  all: ['home'] as const,
  statistic: () => ['home', 'statistic'] as const,
};

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
    queryKey: homeKeys.statistic(),
    queryFn: getHomeStatistic,
    staleTime: 0,
    refetchInterval: HOME_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useHomeStatistic(enabled = true) {
  return useQuery({ ...homeStatisticQueryOptions(), enabled });
}
