import type { Answer, ListItem, Paginated } from '@/types/api';

/**
 * Payloads only the device detail view reads (docs/api.md "Readings", "Calibrations"), from the server's
 * contract (src/types/api.ts); the device, its parameters, its queued commands and its alarms are in
 * src/types/api.ts, shared with the device list and the home page.
 */

/** GET /api/deviceDataLog: one reading. */
export type Reading = ListItem<'/api/deviceDataLog'>;

/** GET /api/deviceDataLog/statistic?deviceId=..: methane (%LEL) per bucket over from..to. */
export type ReadingStatistic = Answer<'/api/deviceDataLog/statistic', 'get'>;

/** One time bucket of the statistic. */
export type StatisticPoint = ReadingStatistic['points'][number];

export type { AlarmKind, AlarmRecord } from '@/types/api';

/** GET /api/calibrateLog: one calibration report (kind zero or span, result ok or fail). */
export type Calibration = ListItem<'/api/calibrateLog'>;

/** A page of a list call; big tables may cap a filtered total ("at least total"). */
export type Page<T> = Paginated<T>;

/** A time range in epoch ms; null bounds are open. */
export interface TimeRangeMs {
  from: number | null;
  to: number | null;
}
