import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';
import { request } from '@/lib/request';
import type { AlarmRecord, Paginated } from '@/types/api';

/** How many alarms the bell lists (its count is the total). */
export const BELL_SIZE = 8;

/** The bell's list: alarms not yet acknowledged, most severe first, then the oldest (as the Alarm Center's New tab). */
export const NEW_ALARMS_QUERY = { stage: ['new'], sort: 'severity,startedAt', page: 1, pageSize: BELL_SIZE };

/** Read again at least this often while signed in; the live feed refreshes it at once on an alarm event (live-keys). */
const BELL_POLL_MS = 30_000;

/** GET /api/alarmLog?stage=new (AlarmManagement): the first alarms awaiting acknowledgement, and how many there are. */
export function getNewAlarms(): Promise<Paginated<AlarmRecord>> {
  return request<Paginated<AlarmRecord>>({ url: '/alarmLog', method: 'GET', params: NEW_ALARMS_QUERY });
}

export function newAlarmsQueryOptions() {
  return queryOptions({
    // an alarm list (queryKeys.alarm.lists()): acknowledgements and live events refresh it with the others
    queryKey: queryKeys.alarm.list(NEW_ALARMS_QUERY),
    queryFn: getNewAlarms,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: BELL_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useNewAlarms(enabled: boolean) {
  return useQuery({ ...newAlarmsQueryOptions(), enabled });
}
