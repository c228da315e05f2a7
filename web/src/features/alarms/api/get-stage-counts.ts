import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { Answer } from '@/types/api';

import type { AlarmListQuery, AlarmStage } from '../types';

import { ALARM_POLL_MS } from './get-alarms';

/** GET /api/alarmLog/stageCounts: the alarms not yet handled by stage (handled ones, the history, are not counted). */
export type AlarmStageCounts = Answer<'/api/alarmLog/stageCounts', 'get'>;

/** The page's filters without its stage, page and sort: the counts are the same on every tab. */
export function stageCountQuery(filters: AlarmListQuery): AlarmListQuery {
  const { page: _page, pageSize: _pageSize, sort: _sort, stage: _stage, ...rest } = filters;
  return rest;
}

/**
 * How many alarms each stage tab holds under the page's filters, in one call (undefined until known, and for
 * Handled). Under the alarm lists' key (queryKeys.alarm.lists()): an acknowledgement, a handling or a live
 * alarm event refreshes it with them.
 */
export function useStageCounts(filters: AlarmListQuery): Partial<Record<AlarmStage, number>> {
  const query = stageCountQuery(filters);
  const counts = useQuery({
    queryKey: queryKeys.alarm.list({ counts: query }),
    queryFn: () => request<AlarmStageCounts>({ url: '/alarmLog/stageCounts', method: 'GET', params: query }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: ALARM_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return counts.data ?? {};
}
