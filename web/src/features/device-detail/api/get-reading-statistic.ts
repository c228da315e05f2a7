import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import { rangeFilter, resolveRange, choiceKey, type RangeChoice } from '../lib/time-range';
import type { ReadingStatistic } from '../types';

import { deviceDetailKeys } from './keys';

/** GET /api/deviceDataLog/statistic?deviceId=..&ts=$gte:..&ts=$lte:..: methane min/avg/max per bucket. */
export function getReadingStatistic(deviceId: number, ts: string[] | undefined): Promise<ReadingStatistic> {
  return request<ReadingStatistic>({ url: '/deviceDataLog/statistic', method: 'GET', params: { deviceId, ts } });
}

/**
 * The key holds the choice (a preset, not its dates), and the dates are taken when the call runs: a
 * refresh of "the last hour" asks for the hour up to that moment.
 */
export function readingStatisticQueryOptions(deviceId: number, choice: RangeChoice) {
  return queryOptions({
    queryKey: deviceDetailKeys.statistic(deviceId, choiceKey(choice)),
    queryFn: () => getReadingStatistic(deviceId, rangeFilter(resolveRange(choice, Date.now()))),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useReadingStatistic(deviceId: number, choice: RangeChoice) {
  return useQuery(readingStatisticQueryOptions(deviceId, choice));
}
