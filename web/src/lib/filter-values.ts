/** Readers of a list's URL filters (text values) into the values of its query and of its filter form. */

import dayjs, { type Dayjs } from 'dayjs';

/** The format of a day in a list's URL, e.g. ?created=2026-11-01&created=2026-11-30. */
export const DAY = 'YYYY-MM-DD';

/** A positive whole number (an id), else undefined. */
export function positiveInt(value: string | undefined): number | undefined {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** A list filter keeping only the allowed values (a typo in the address asks nothing odd). */
export function knownList<T extends string>(values: readonly string[], allowed: readonly T[]): T[] {
  return values.filter((v): v is T => (allowed as readonly string[]).includes(v));
}

/** The value when it is one of the allowed ones (the server's values, which its contract types as text). */
export function known<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return isOneOf(value, allowed) ? value : undefined;
}

function isOneOf<T extends string>(value: string, allowed: readonly T[]): value is T {
  return (allowed as readonly string[]).includes(value);
}

/** 0 or 1 (a status or a yes/no filter), else undefined. */
export function zeroOne(value: string | undefined): number | undefined {
  return value === '0' || value === '1' ? Number(value) : undefined;
}

/**
 * One filter value as a list query sends it: the document types the exact-match filters as repeated
 * parameters (arrays), and [value] goes out as the single `status=1` (qs, arrayFormat 'repeat').
 */
export function asList<T>(value: T | undefined): T[] | undefined {
  return value === undefined ? undefined : [value];
}

/** A range of days (a 'list' filter of two DAY values, first and last day), else null. */
export function dayRange(values: readonly string[]): [Dayjs, Dayjs] | null {
  if (values.length !== 2 || !values.every((d) => dayjs(d, DAY, true).isValid())) return null;
  return [dayjs(values[0], DAY), dayjs(values[1], DAY)];
}
