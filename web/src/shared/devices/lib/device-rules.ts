import type { Device, DeviceParams } from '@/types/api';

/**
 * The rules of a device's identity and parameters as the server checks them, shared by the device list's
 * dialogs and the device detail page (they open the same dialogs).
 */

// ---- identity ----

/** Whether s is 15 digits whose last is the Luhn check digit of the first 14 (the server's rule). */
export function isValidImei(s: string): boolean {
  if (!/^\d{15}$/.test(s)) return false;
  return imeiCheckDigit(s.slice(0, 14)) === s[14];
}

/** The Luhn check digit of the first 14 digits of an IMEI. */
export function imeiCheckDigit(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i += 1) {
    let d = Number(first14[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export type ImeiProblem = 'format' | 'check';

/** What is wrong with an IMEI, or null. */
export function imeiProblem(s: string): ImeiProblem | null {
  if (!/^\d{15}$/.test(s)) return 'format';
  return isValidImei(s) ? null : 'check';
}

/** A SIM card's ICCID: 19 or 20 digits or capital letters. */
export function isValidIccid(s: string): boolean {
  return /^[0-9A-Z]{19,20}$/.test(s);
}

// ---- parameters ----

/** A threshold as sent: %LEL rounded to its one decimal (the server's resolution is a tenth). */
export function toThreshold(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Whether a value has at most one decimal. */
export function hasOneDecimal(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

export type ThresholdProblem = 'low' | 'high' | 'order';

/** The rule of the alarm thresholds: one decimal, 0 < low < high <= 100. */
export function thresholdProblems(low: number | null | undefined, high: number | null | undefined): ThresholdProblem[] {
  const problems: ThresholdProblem[] = [];
  const okValue = (v: number) => v > 0 && v <= 100 && hasOneDecimal(v);
  if (typeof low === 'number' && !(okValue(low) && low < 100)) problems.push('low');
  if (typeof high === 'number' && !okValue(high)) problems.push('high');
  if (typeof low === 'number' && typeof high === 'number' && low >= high) problems.push('order');
  return problems;
}

export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 1440;

export type IntervalProblem = 'report' | 'heartbeat' | 'order';

/** Intervals in whole minutes, 1 to 1440, heartbeat not shorter than reports. */
export function intervalProblems(report: number | null | undefined, heartbeat: number | null | undefined): IntervalProblem[] {
  const problems: IntervalProblem[] = [];
  const okValue = (v: number) => Number.isInteger(v) && v >= INTERVAL_MIN && v <= INTERVAL_MAX;
  if (typeof report === 'number' && !okValue(report)) problems.push('report');
  if (typeof heartbeat === 'number' && !okValue(heartbeat)) problems.push('heartbeat');
  if (typeof report === 'number' && typeof heartbeat === 'number' && heartbeat < report) problems.push('order');
  return problems;
}

/** A custom parameter with its bounds and resolution (docs/device-protocol.md). */
export interface CustomParamSpec {
  name: string;
  min: number;
  max: number;
  step: number;
}

export const CUSTOM_PARAMS: readonly CustomParamSpec[] = [
  { name: 'alarmDelaySeconds', min: 0, max: 60, step: 1 },
  { name: 'zeroOffset', min: -5, max: 5, step: 0.1 },
  { name: 'buzzer', min: 0, max: 1, step: 1 },
  { name: 'led', min: 0, max: 1, step: 1 },
  { name: 'sampleSeconds', min: 1, max: 60, step: 1 },
  { name: 'lowBatteryVoltage', min: 300, max: 400, step: 1 },
];

/** Whether a custom value is within its bounds and on its resolution. */
export function customParamOk(spec: CustomParamSpec, value: number): boolean {
  if (value < spec.min || value > spec.max) return false;
  const n = value / spec.step;
  return Math.abs(n - Math.round(n)) < 1e-9;
}

/** The filled custom values only (an empty field changes nothing). */
export function filledCustomParams(values: Record<string, number | null | undefined>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const spec of CUSTOM_PARAMS) {
    const v = values[spec.name];
    if (typeof v === 'number' && Number.isFinite(v)) out[spec.name] = spec.step < 1 ? toThreshold(v) : v;
  }
  return out;
}

export type ParamGroup = 'alert' | 'interval' | 'custom' | 'dataFlag';

function sameCustom(a: DeviceParams['custom'], b: DeviceParams['custom']): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (left[key] !== right[key]) return false;
  return true;
}

/** The parameter groups whose wanted value the device has not confirmed yet. */
export function pendingGroups(device: Pick<Device, 'wanted' | 'confirmed'>): ParamGroup[] {
  const { wanted: w, confirmed: c } = device;
  const out: ParamGroup[] = [];
  if (w.alertLow !== c.alertLow || w.alertHigh !== c.alertHigh) out.push('alert');
  if (w.reportInterval !== c.reportInterval || w.heartbeatInterval !== c.heartbeatInterval) out.push('interval');
  if (!sameCustom(w.custom, c.custom)) out.push('custom');
  if (w.dataFlag !== c.dataFlag) out.push('dataFlag');
  return out;
}

/** "20.0 / 50.0": a pair of thresholds with their one decimal. */
export function formatThresholds(low: number, high: number): string {
  return `${low.toFixed(1)} / ${high.toFixed(1)}`;
}
