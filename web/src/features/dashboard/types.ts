import type { AlarmRecord } from '@/types/api';

/** Payload of GET /api/home/statistic (docs/api.md "Home"). A part the caller may not see is null. */

/** Alarms started on one local day (epoch ms of its midnight) of one kind. */
export interface AlarmDayCount {
  day: number;
  kind: string;
  count: number;
}

/** A group of devices: a device type (key = its id) or a province (key = its code). */
export interface NamedCount {
  key: string;
  name: string;
  count: number;
}

/** One alarm of the latest-alarms list (the shape of GET /api/alarmLog, without who acknowledged and handled it). */
export type HomeAlarm = Pick<
  AlarmRecord,
  'id' | 'deviceId' | 'deviceName' | 'imei' | 'companyId' | 'kind' | 'level' | 'value' | 'peak' | 'startedAt' | 'endedAt' | 'durationMs' | 'status' | 'ackAt' | 'handledAt'
>;

/** Field names as docs/product.md fixes them; alarming, faulty and lowBattery count devices with such an open alarm. */
export interface HomeStatistic {
  companies: number | null;
  devices: number | null;
  online: number | null;
  offline: number | null;
  alarming: number | null;
  faulty: number | null;
  lowBattery: number | null;
  readingsToday: number | null;
  alarmsToday: number | null;
  unhandledAlarms: number | null;
  alarmTrend: AlarmDayCount[] | null;
  byType: NamedCount[] | null;
  byProvince: NamedCount[] | null;
  latestAlarms: HomeAlarm[] | null;
  generatedAt: number;
}
