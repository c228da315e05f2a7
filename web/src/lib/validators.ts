/**
 * Field rules of the API (docs/api.md, the server's internal/ident), mirrored so that a form shows
 * its messages before any call. The server checks again; its answer wins.
 */

const MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;
const ACCOUNT = /^[A-Za-z0-9_.-]{4,32}$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A mainland mobile number (11 digits starting 13-19). */
export function isValidMobile(value: string): boolean {
  return MOBILE.test(value);
}

/** A mobile number, or a landline with its area code (0571-88886666, 01088886666, an optional -extension). */
export function isValidPhone(value: string): boolean {
  return MOBILE.test(value) || LANDLINE.test(value);
}

/** 4 to 32 letters, digits, '_', '.' or '-'. */
export function isValidAccount(value: string): boolean {
  return ACCOUNT.test(value);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** 8 to 64 characters with at least one letter (a-z, A-Z) and one digit. */
export function isValidPassword(value: string): boolean {
  const length = [...value].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return false;
  return /[A-Za-z]/.test(value) && /\d/.test(value);
}

export const EMAIL_MAX = 100;

/** A plain address (name@domain.tld), at most 100 characters. */
export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

/** Upper-cases a credit code and drops spaces as people paste it ("9111 0108 ..."). */
export function normalizeCreditCode(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}
