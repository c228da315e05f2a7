import { known } from '@/lib/filter-values';

import { DEVICE_TYPE_LINKS, DEVICE_TYPE_UNITS, type DeviceType, type DeviceTypeInput, type DeviceTypeLink, type DeviceTypeUnit } from '../types';

/**
 * The device type rules of the server (internal/devicetype, docs/api.md), mirrored so that the form
 * shows each problem under its field before any call. The server checks again; its answer wins.
 *
 * Thresholds: the API carries them in the type's unit with at most one decimal (12.5 is 12.5 %LEL,
 * "set in tenths" being their precision). The form types the same decimal; toApiThreshold only
 * removes binary noise (0.1 + 0.2) so that what is sent has exactly one decimal.
 */

export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 1440;
export const RANGE_MAX_LIMIT = 1_000_000;
export const DESCRIPTION_MAX = 200_000;
export const DEFAULT_GAS = 'CH4';

/** The keys under deviceType.rules of each problem. */
export type RuleProblem =
  | 'number'
  | 'rangeMinNegative'
  | 'rangeMaxPositive'
  | 'rangeMaxTooLarge'
  | 'rangeOrder'
  | 'thresholdPositive'
  | 'oneDecimal'
  | 'lowBelowRange'
  | 'highAboveRange'
  | 'lowBelowHigh'
  | 'integer'
  | 'intervalRange'
  | 'heartbeatBelowReport';

type Num = number | null | undefined;

/** The numeric fields of the form, as antd's InputNumber gives them (null when cleared). */
export interface NumericValues {
  rangeMin?: Num;
  rangeMax?: Num;
  lowThreshold?: Num;
  highThreshold?: Num;
  reportInterval?: Num;
  heartbeatInterval?: Num;
}

function given(v: Num): v is number {
  return typeof v === 'number';
}

/** At most one decimal place (the server's check, with the same tolerance for binary fractions). */
export function hasOneDecimal(v: number): boolean {
  return Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;
}

/** The value sent for a threshold: the typed decimal rounded to its tenth (12.5 stays 12.5). */
export function toApiThreshold(v: number): number {
  return Math.round(v * 10) / 10;
}

/** A threshold as the table shows it: one decimal ("12.5", "20.0"). */
export function formatThreshold(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '';
  return toApiThreshold(v).toFixed(1);
}

/** A range bound without trailing zeros (0, 100, 0.5). */
export function formatRangeBound(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toFixed(6))) : '';
}

export function rangeMinProblem(v: NumericValues): RuleProblem | null {
  if (!given(v.rangeMin)) return null;
  if (!Number.isFinite(v.rangeMin)) return 'number';
  if (v.rangeMin < 0) return 'rangeMinNegative';
  return null;
}

export function rangeMaxProblem(v: NumericValues): RuleProblem | null {
  if (!given(v.rangeMax)) return null;
  if (!Number.isFinite(v.rangeMax)) return 'number';
  if (v.rangeMax <= 0) return 'rangeMaxPositive';
  if (v.rangeMax > RANGE_MAX_LIMIT) return 'rangeMaxTooLarge';
  if (given(v.rangeMin) && v.rangeMax <= v.rangeMin) return 'rangeOrder';
  return null;
}

export function lowThresholdProblem(v: NumericValues): RuleProblem | null {
  if (!given(v.lowThreshold)) return null;
  if (!Number.isFinite(v.lowThreshold)) return 'number';
  if (v.lowThreshold <= 0) return 'thresholdPositive';
  if (!hasOneDecimal(v.lowThreshold)) return 'oneDecimal';
  if (given(v.rangeMin) && v.lowThreshold < v.rangeMin) return 'lowBelowRange';
  return null;
}

export function highThresholdProblem(v: NumericValues): RuleProblem | null {
  if (!given(v.highThreshold)) return null;
  if (!Number.isFinite(v.highThreshold)) return 'number';
  if (v.highThreshold <= 0) return 'thresholdPositive';
  if (!hasOneDecimal(v.highThreshold)) return 'oneDecimal';
  if (given(v.lowThreshold) && v.lowThreshold >= v.highThreshold) return 'lowBelowHigh';
  if (given(v.rangeMax) && v.highThreshold > v.rangeMax) return 'highAboveRange';
  return null;
}

function intervalProblem(n: Num): RuleProblem | null {
  if (!given(n)) return null;
  if (!Number.isInteger(n)) return 'integer';
  if (n < INTERVAL_MIN || n > INTERVAL_MAX) return 'intervalRange';
  return null;
}

export function reportIntervalProblem(v: NumericValues): RuleProblem | null {
  return intervalProblem(v.reportInterval);
}

export function heartbeatIntervalProblem(v: NumericValues): RuleProblem | null {
  const own = intervalProblem(v.heartbeatInterval);
  if (own) return own;
  if (given(v.heartbeatInterval) && given(v.reportInterval) && v.heartbeatInterval < v.reportInterval) {
    return 'heartbeatBelowReport';
  }
  return null;
}

/** Each numeric field's check, by field name (the form wires them as validators). */
export const FIELD_CHECKS = {
  rangeMin: rangeMinProblem,
  rangeMax: rangeMaxProblem,
  lowThreshold: lowThresholdProblem,
  highThreshold: highThresholdProblem,
  reportInterval: reportIntervalProblem,
  heartbeatInterval: heartbeatIntervalProblem,
} as const satisfies Record<keyof NumericValues, (v: NumericValues) => RuleProblem | null>;

/** The fields whose check reads another field: re-checked when that one changes. */
export const FIELD_DEPENDENCIES: Record<keyof NumericValues, (keyof NumericValues)[]> = {
  rangeMin: [],
  rangeMax: ['rangeMin'],
  lowThreshold: ['rangeMin'],
  highThreshold: ['lowThreshold', 'rangeMax'],
  reportInterval: [],
  heartbeatInterval: ['reportInterval'],
};

/** The values of the create/edit form. */
export interface DeviceTypeFormValues {
  name: string;
  model: string;
  manufacturer?: string;
  gas?: string;
  unit: DeviceTypeUnit;
  communication: DeviceTypeLink;
  rangeMin: number;
  rangeMax: number;
  lowThreshold: number;
  highThreshold: number;
  reportInterval: number;
  heartbeatInterval: number;
  description?: string;
}

/** The form of a new type: methane in %LEL, 0–100, alarms at 20 / 50, reports every 5 min, heartbeat hourly. */
export const NEW_TYPE_VALUES: Partial<DeviceTypeFormValues> = {
  gas: DEFAULT_GAS,
  unit: '%LEL',
  communication: 'NB-IoT',
  rangeMin: 0,
  rangeMax: 100,
  lowThreshold: 20,
  highThreshold: 50,
  reportInterval: 5,
  heartbeatInterval: 60,
  description: '',
};

/** The form of an existing type. */
export function toFormValues(type: DeviceType): DeviceTypeFormValues {
  return {
    name: type.name,
    model: type.model,
    manufacturer: type.manufacturer,
    gas: type.gas || DEFAULT_GAS,
    unit: known(type.unit, DEVICE_TYPE_UNITS) ?? DEVICE_TYPE_UNITS[0],
    communication: known(type.communication, DEVICE_TYPE_LINKS) ?? DEVICE_TYPE_LINKS[0],
    rangeMin: type.rangeMin,
    rangeMax: type.rangeMax,
    lowThreshold: toApiThreshold(type.lowThreshold),
    highThreshold: toApiThreshold(type.highThreshold),
    reportInterval: type.reportInterval,
    heartbeatInterval: type.heartbeatInterval,
    description: type.description,
  };
}

/** An editor holding nothing but empty paragraphs has no description. */
export function isEmptyHtml(html: string | undefined): boolean {
  if (!html) return true;
  if (/<(img|hr)\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, '').trim() === '';
}

/** The body of the create/update call: trimmed texts, CH4 when no gas is given, thresholds to their tenth. */
export function toDeviceTypeInput(values: DeviceTypeFormValues): DeviceTypeInput {
  return {
    name: values.name.trim(),
    model: values.model.trim(),
    manufacturer: (values.manufacturer ?? '').trim(),
    gas: (values.gas ?? '').trim() || DEFAULT_GAS,
    unit: values.unit,
    communication: values.communication,
    rangeMin: values.rangeMin,
    rangeMax: values.rangeMax,
    lowThreshold: toApiThreshold(values.lowThreshold),
    highThreshold: toApiThreshold(values.highThreshold),
    reportInterval: values.reportInterval,
    heartbeatInterval: values.heartbeatInterval,
    description: isEmptyHtml(values.description) ? '' : (values.description ?? ''),
  };
}

/** The description as plain text (for a tooltip or a cell): tags dropped, never rendered as HTML. */
export function htmlToPlainText(html: string): string {
  if (!html) return '';
  // blocks end with a space, so that a heading and its paragraph do not run together
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|blockquote)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
