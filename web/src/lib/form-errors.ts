import type { FormInstance } from 'antd';

import { isApiError } from './request';

/**
 * Puts a failed call's answer on a form: every `errors[].field` the form has goes under that field
 * ("admin.account" -> ['admin', 'account']); what is left (a 409's msg, a field the form does not
 * show) is returned for a banner above the form.
 */
export function applyApiErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  formFields: readonly string[],
  /** Server fields shown by another form field, e.g. { provinceCode: 'region' }. */
  aliases: Readonly<Record<string, string>> = {},
): string[] {
  if (!isApiError(error)) return error instanceof Error ? [error.message] : [];
  const placed = new Map<string, string[]>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const field = item.field ? (aliases[item.field] ?? item.field) : undefined;
    if (field && formFields.includes(field)) {
      placed.set(field, [...(placed.get(field) ?? []), item.msg]);
    } else {
      rest.push(item.msg);
    }
  }
  if (placed.size > 0) {
    form.setFields([...placed].map(([field, errors]) => ({ name: field.split('.'), errors })));
  }
  // A validation answer whose every field is shown needs no banner; anything else keeps its msg.
  if (rest.length === 0 && placed.size > 0) return [];
  return rest.length > 0 ? rest : [error.message];
}
