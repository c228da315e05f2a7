import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '@/lib/request';

import type { Calibration, Page } from '../types';

import { deviceDetailKeys } from './keys';

export interface CalibrationsQuery {
  deviceId: number;
  page: number;
  pageSize: number;
}

/** GET /api/calibrateLog?deviceId=..: the device's calibration reports, newest first. */
export function getCalibrations(query: CalibrationsQuery): Promise<Page<Calibration>> {
  return request<Page<Calibration>>({ url: '/calibrateLog', method: 'GET', params: { ...query, sort: '-ts' } });
}

export function calibrationsQueryOptions(query: CalibrationsQuery) {
  return queryOptions({
    queryKey: deviceDetailKeys.calibrations(query.deviceId, query),
    queryFn: () => getCalibrations(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCalibrations(query: CalibrationsQuery) {
  return useQuery(calibrationsQueryOptions(query));
}
