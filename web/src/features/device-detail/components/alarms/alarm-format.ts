/** The alarm's value as its kind measures it (shared with the Alarm Center: src/shared/alarms). */
export { formatAlarmValue } from '@/shared/alarms/alarm-format';
