import { formatVoltage } from '@/lib/format';

import type { DeviceParams } from '@/types/api';

/** The custom parameters of docs/device-protocol.md, in the order the page lists them. */
export const CUSTOM_PARAMS = ['alarmDelaySeconds', 'zeroOffset', 'buzzer', 'led', 'sampleSeconds', 'lowBatteryVoltage'] as const;

export type StandardParam = 'alertLow' | 'alertHigh' | 'reportInterval' | 'heartbeatInterval' | 'dataFlag';

export interface ParamRow {
  /** A standard parameter, or the name of a custom one. */
  key: StandardParam | string;
  custom: boolean;
  wanted: number | null;
  confirmed: number | null;
  /** The wanted value is not yet confirmed by the device. */
  pending: boolean;
}

const STANDARD: StandardParam[] = ['alertLow', 'alertHigh', 'reportInterval', 'heartbeatInterval', 'dataFlag'];

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Two values differ when either is missing alone or they are apart by more than rounding noise. */
export function differs(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a !== b;
  return Math.abs(a - b) > 1e-9;
}

/**
 * Wanted against confirmed, one row per parameter: the five standard ones, then every custom one
 * either side names (known names first, in protocol order). A row is pending where the two differ.
 */
export function compareParams(wanted: DeviceParams | undefined, confirmed: DeviceParams | undefined): ParamRow[] {
  const rows: ParamRow[] = STANDARD.map((key) => {
    const w = num(wanted?.[key]);
    const c = num(confirmed?.[key]);
    return { key, custom: false, wanted: w, confirmed: c, pending: differs(w, c) };
  });
  const wc = wanted?.custom ?? {};
  const cc = confirmed?.custom ?? {};
  const names = new Set([...Object.keys(wc), ...Object.keys(cc)]);
  const known = CUSTOM_PARAMS.filter((n) => names.has(n));
  const others = [...names].filter((n) => !(CUSTOM_PARAMS as readonly string[]).includes(n)).sort();
  for (const key of [...known, ...others]) {
    const w = num(wc[key]);
    const c = num(cc[key]);
    rows.push({ key, custom: true, wanted: w, confirmed: c, pending: differs(w, c) });
  }
  return rows;
}

/** How many parameters wait for the device. */
export function pendingCount(rows: ParamRow[]): number {
  return rows.filter((r) => r.pending).length;
}

/**
 * A parameter's value as shown: thresholds and the zero offset with one decimal (%LEL), the low
 * battery voltage in volts (hundredths), everything else as the whole number it is.
 */
export function formatParamValue(key: string, value: number | null): string {
  if (value === null) return '';
  switch (key) {
    case 'alertLow':
    case 'alertHigh':
    case 'zeroOffset':
      return value.toFixed(1);
    case 'lowBatteryVoltage':
      return formatVoltage(value);
    default:
      return String(value);
  }
}
