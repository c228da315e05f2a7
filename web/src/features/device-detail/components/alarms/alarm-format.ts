import { formatMethane, formatVoltage } from '@/lib/format';

import type { AlarmRecord } from '../../types';

/**
 * An alarm's value as its kind measures it: methane in %LEL for gas, the battery in volts for low
 * battery; fault and offline carry no value ('').
 */
export function formatAlarmValue(kind: AlarmRecord['kind'], value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (kind === 'gas') return `${formatMethane(value)} %LEL`;
  if (kind === 'lowBattery') return `${formatVoltage(value)} V`;
  return '';
}
