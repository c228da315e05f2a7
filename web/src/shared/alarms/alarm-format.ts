import { formatMethane, formatVoltage } from '@/lib/format';
import type { AlarmState } from '@/types/api';

/**
 * An alarm's value as its kind measures it: methane in %LEL for gas, the battery in volts for low
 * battery; fault and offline carry no value ('').
 */
export function formatAlarmValue(kind: string, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (kind === 'gas') return `${formatMethane(value)} %LEL`;
  if (kind === 'lowBattery') return `${formatVoltage(value)} V`;
  return '';
}

/**
 * The alarm state one alarm stands for (the words and colour of AlarmStateTag): a gas alarm by its level
 * (high, low), any other kind by its kind.
 */
export function alarmStateOf(alarm: { kind: string; level: string }): AlarmState | string {
  if (alarm.kind === 'gas') return alarm.level === 'high' || alarm.level === 'low' ? alarm.level : 'low';
  return alarm.kind;
}
