import type { ListItem, Query } from '@/types/api';

/**
 * The Alarm Center's payloads, from the server's contract (src/types/api.ts helpers over api.gen.ts).
 * The lists are in the order the page offers them.
 */

/** GET /api/alarmLog: one alarm with its device's name and IMEI and its stage. */
export type Alarm = ListItem<'/api/alarmLog'>;
export type AlarmListQuery = Query<'/api/alarmLog', 'get'>;

/** Where an alarm is in its life: new (active, not acknowledged), acknowledged (active), waiting (ended, not handled), handled. */
export type AlarmStage = Alarm['stage'];
export const ALARM_STAGES: readonly AlarmStage[] = ['new', 'acknowledged', 'waiting', 'handled'];

/** The page's tabs: one per stage, then every stage. */
export type AlarmTab = AlarmStage | 'all';
export const ALARM_TABS: readonly AlarmTab[] = [...ALARM_STAGES, 'all'];

/** The alarm kinds the filter offers (the server's vocabulary, internal/alarm). */
export const ALARM_KINDS = ['gas', 'fault', 'offline', 'lowBattery'] as const;
export type AlarmKindFilter = (typeof ALARM_KINDS)[number];

export const ALARM_LEVELS = ['high', 'low'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** The most ids one bulk acknowledgement takes (PUT /api/alarmLog/ack: shared/alarms/api/ack-alarms.ts). */
export const BULK_ACK_MAX = 200;
