import type { Paginated } from '@/types/api';

/**
 * Payloads only the device detail view reads (docs/api.md "Readings", "Calibrations"); the device, its
 * parameters, its queued commands and its alarms are in src/types/api.ts, shared with the device list and
 * the home page.
 */

/** GET /api/deviceDataLog: one reading. */
export interface Reading {
  deviceId: number;
  deviceName: string;
  imei: string;
  ts: number;
  receivedAt: number;
  ch4: number;
  voltage: number | null;
  signal: number | null;
  temperature: number | null;
  status: string;
}

/** One time bucket of GET /api/deviceDataLog/statistic (methane, %LEL). */
export interface StatisticPoint {
  ts: number;
  min: number;
  avg: number;
  max: number;
  count: number;
}

/** GET /api/deviceDataLog/statistic?deviceId=..: methane per bucket over from..to. */
export interface ReadingStatistic {
  bucketMs: number;
  from: number;
  to: number;
  points: StatisticPoint[];
}

export type { AlarmKind, AlarmRecord } from '@/types/api';

/** GET /api/calibrateLog: one calibration report. */
export interface Calibration {
  id: number;
  deviceId: number;
  deviceName: string;
  imei: string;
  companyId: number;
  ts: number;
  kind: 'zero' | 'span' | string;
  gas: number | null;
  before: number | null;
  after: number | null;
  result: 'ok' | 'fail' | string;
  receivedAt: number;
}

/** A page of a list call; big tables may cap a filtered total ("at least total"). */
export type Page<T> = Paginated<T> & { totalCapped?: boolean };

/** A time range in epoch ms; null bounds are open. */
export interface TimeRangeMs {
  from: number | null;
  to: number | null;
}
