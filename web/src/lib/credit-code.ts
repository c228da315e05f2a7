/**
 * The unified social credit code of a company (GB 32100-2015): 18 characters from a 31-character
 * alphabet (digits and upper-case letters without I, O, S, V, Z), the last one a check character
 * computed from the first 17 (weights 3^i mod 31, check = 31 - sum mod 31). The same check as the
 * server's internal/ident.
 */

/** The 31 characters a credit code uses, in value order. */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/** The check character of the first 17 characters, or null if they are not 17 characters of the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i];
  }
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31];
}

/** Whether a code is 18 characters of the alphabet (upper case, as registers print it) with the right check character. */
export function isValidCreditCode(code: string): boolean {
  if (code.length !== 18) return false;
  const check = creditCodeCheckChar(code.slice(0, 17));
  return check !== null && code[17] === check;
}

export type CreditCodeProblem = 'length' | 'characters' | 'check';

/** Why a code is not valid (for a precise message), or null when it is. */
export function creditCodeProblem(code: string): CreditCodeProblem | null {
  if (code.length !== 18) return 'length';
  for (const ch of code) if (!CREDIT_CODE_ALPHABET.includes(ch)) return 'characters';
  return isValidCreditCode(code) ? null : 'check';
}

/** A valid code made from 17 characters by appending their check character (tests, sample data). */
export function withCheckChar(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (check === null) throw new Error(`not 17 credit code characters: ${first17}`);
  return first17 + check;
}
