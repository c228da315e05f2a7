import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import { choiceKey, resolveRange, type RangeChoice } from '../lib/time-range';
import type { AlarmRecord, Page } from '../types';

import { deviceDetailKeys } from './keys';

/** More gas alarms than this in one chart range are not shaded (the newest are). */
export const CHART_ALARMS_MAX = 100;

/**
 * GET /api/alarmLog?deviceId=..&kind=gas&startedAt=$lte:<end>: the gas alarms that may overlap the chart's
 * range, newest first. The server filters by start only: an alarm that began before the range and is still
 * going (or ended inside it) counts too, so the caller clips them to the range (alarmPeriods).
 */
export async function getChartAlarms(deviceId: number, choice: RangeChoice, now: number): Promise<AlarmRecord[]> {
  const { to } = resolveRange(choice, now);
  const page = await request<Page<AlarmRecord>>({
    url: '/alarmLog',
    method: 'GET',
    params: {
      deviceId,
      kind: ['gas'],
      ...(to !== null ? { startedAt: [`$lte:${Math.floor(to)}`] } : {}),
      page: 1,
      pageSize: CHART_ALARMS_MAX,
      sort: '-startedAt',
    },
  });
  return page.list;
}

/** Under the device's alarms key, so that new activity of the device (invalidateDeviceActivity) reads it again. */
export function chartAlarmsQueryOptions(deviceId: number, choice: RangeChoice) {
  return queryOptions({
    queryKey: deviceDetailKeys.alarms(deviceId, { chart: choiceKey(choice) }),
    queryFn: () => getChartAlarms(deviceId, choice, Date.now()),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useChartAlarms(deviceId: number, choice: RangeChoice) {
  return useQuery(chartAlarmsQueryOptions(deviceId, choice));
}
