/**
 * The values of a list page's filter form to its URL filters (see table-query.ts): what Search writes.
 * Each form field is named after its URL filter; the filter's kind in the spec says what it becomes.
 */

import dayjs, { type Dayjs } from 'dayjs';

import { DAY } from './filter-values';
import type { FilterSpec, FilterValues } from './table-query';

/** A form value of a 'text' filter: an Input's text, a Select's string or number (e.g. an id). */
export type FormTextValue = string | number | null | undefined;
/** A form value of a 'list' filter: a multiple Select's or a Cascader's values, or a RangePicker's days. */
export type FormListValue = readonly (string | number)[] | readonly [Dayjs, Dayjs] | null | undefined;

/** The values a filter form of `S` may hold: each field optional, of its filter's kind. */
export type FormFilters<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends 'list' ? FormListValue : FormTextValue;
};

/** Text as it is; a number as its digits; nothing (undefined, null, NaN) as undefined. */
function textFilter(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Each value as a string, a day (a RangePicker's) as DAY; nothing as []. */
function listFilter(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v) => v !== null && v !== undefined)
    .map((v) => (dayjs.isDayjs(v) ? v.format(DAY) : String(v)));
}

/**
 * The URL filters of a filter form's values: every filter of `spec`, read from the field of its name.
 * 'text': a string as it is, a number (a Select's id) as a string, else undefined. 'list': an array's
 * values as strings, a range of days as [first, last] in DAY format, else [].
 */
export function formToFilters<S extends FilterSpec>(spec: S, values: FormFilters<S>): FilterValues<S> {
  const fields = values as Record<string, unknown>;
  const filters: Record<string, string | string[] | undefined> = {};
  for (const [key, kind] of Object.entries(spec)) {
    filters[key] = kind === 'list' ? listFilter(fields[key]) : textFilter(fields[key]);
  }
  return filters as FilterValues<S>;
}
