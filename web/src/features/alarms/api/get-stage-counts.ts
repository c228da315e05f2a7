import { keepPreviousData, useQueries } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

import { ALARM_STAGES, type AlarmListQuery, type AlarmStage } from '../types';

import { ALARM_POLL_MS, getAlarms } from './get-alarms';

/** The server has no count endpoint: a one-row page per stage answers its total (cheap: one row, one count). */
export function stageCountQuery(filters: AlarmListQuery, stage: AlarmStage): AlarmListQuery {
  const { page: _page, pageSize: _pageSize, sort: _sort, stage: _stage, ...rest } = filters;
  return { ...rest, stage: [stage], page: 1, pageSize: 1 };
}

/**
 * How many alarms each stage tab holds under the page's filters (undefined until known). Alarm lists
 * (queryKeys.alarm.lists()): an acknowledgement, a handling or a live alarm event refreshes them.
 */
export function useStageCounts(filters: AlarmListQuery): Partial<Record<AlarmStage, number>> {
  return useQueries({
    queries: ALARM_STAGES.map((stage) => {
      const query = stageCountQuery(filters, stage);
      return {
        queryKey: queryKeys.alarm.list(query),
        queryFn: () => getAlarms(query),
        placeholderData: keepPreviousData,
        staleTime: 5_000,
        refetchInterval: ALARM_POLL_MS,
        refetchIntervalInBackground: false,
      };
    }),
    combine: (results) => {
      const counts: Partial<Record<AlarmStage, number>> = {};
      results.forEach((r, i) => {
        if (r.data) counts[ALARM_STAGES[i]] = r.data.total;
      });
      return counts;
    },
  });
}
