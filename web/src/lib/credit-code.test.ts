import { describe, expect, it } from 'vitest';

import { CREDIT_CODE_ALPHABET, creditCodeCheckChar, creditCodeProblem, isValidCreditCode, withCheckChar } from './credit-code';

describe('credit code (GB 32100-2015)', () => {
  it('accepts published codes of real companies (the same ones the server tests)', () => {
    expect(isValidCreditCode('91110108551385082Q')).toBe(true);
    expect(isValidCreditCode('9144030071526726XG')).toBe(true);
  });

  it('computes the check character from the first 17 characters', () => {
    expect(creditCodeCheckChar('91110108551385082')).toBe('Q');
    expect(creditCodeCheckChar('9144030071526726X')).toBe('G');
    // a sum that is a multiple of 31 gives 0, not 31
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
  });

  it('refuses a wrong check character, a wrong length, lower case and letters outside the alphabet', () => {
    expect(isValidCreditCode('91110108551385082R')).toBe(false);
    expect(isValidCreditCode('91110108551385082')).toBe(false);
    expect(isValidCreditCode('91110108551385082QX')).toBe(false);
    expect(isValidCreditCode('9144030071526726xg')).toBe(false);
    expect(isValidCreditCode('9111010855138I082Q')).toBe(false);
    expect(isValidCreditCode('')).toBe(false);
    expect(creditCodeCheckChar('9111010855138O082')).toBeNull();
    expect(creditCodeCheckChar('123')).toBeNull();
  });

  it('says what is wrong, for a precise message', () => {
    expect(creditCodeProblem('9111010855138508')).toBe('length');
    expect(creditCodeProblem('9111010855138S082Q')).toBe('characters');
    expect(creditCodeProblem('91110108551385082R')).toBe('check');
    expect(creditCodeProblem('91110108551385082Q')).toBeNull();
  });

  it('has the 31 characters without I, O, S, V, Z', () => {
    expect(CREDIT_CODE_ALPHABET).toHaveLength(31);
    for (const ch of 'IOSVZ') expect(CREDIT_CODE_ALPHABET).not.toContain(ch);
  });

  it('makes valid codes from any 17 characters of the alphabet', () => {
    for (const body of ['91330106MA2B3C4D5', '12100000400000001', 'Y1234567890ABCDEF']) {
      const code = withCheckChar(body);
      expect(code).toHaveLength(18);
      expect(isValidCreditCode(code)).toBe(true);
    }
    expect(() => withCheckChar('short')).toThrow();
  });
});
