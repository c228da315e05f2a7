import { describe, expect, it } from 'vitest';

import { checkRule } from './form-rules';
import { isValidAccount, isValidEmail, isValidMobile, isValidPassword, isValidPhone, normalizeCreditCode } from './validators';

describe('phone', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['0571-88886666', true],
    ['01088886666', true],
    ['0571-88886666-123', true],
    ['12800138000', false],
    ['1380013800', false],
    ['+8613800138000', false],
    ['88886666', false],
    ['abc', false],
  ])('%s -> %s (mobile, or landline with area code, as the server)', (value, ok) => {
    expect(isValidPhone(value)).toBe(ok);
  });

  it('tells mobile numbers apart', () => {
    expect(isValidMobile('13800138000')).toBe(true);
    expect(isValidMobile('0571-88886666')).toBe(false);
  });
});

describe('account', () => {
  it.each([
    ['admin', true],
    ['li.ming_01', true],
    ['a-b.', true],
    ['abcd', true],
    ['x'.repeat(32), true],
    ['abc', false],
    ['x'.repeat(33), false],
    ['李明明明', false],
    ['has space', false],
    ['a@b.c', false],
  ])('%s -> %s (4 to 32 of letters, digits, _ . -)', (value, ok) => {
    expect(isValidAccount(value)).toBe(ok);
  });
});

describe('password', () => {
  it.each([
    ['abcd1234', true],
    ['Abcdefg1', true],
    ['密码密码密码ab1', true],
    ['a1'.repeat(32), true],
    ['abc123', false],
    ['abcdefgh', false],
    ['12345678', false],
    ['a1'.repeat(32) + 'x', false],
  ])('%s -> %s (8 to 64 characters with a letter and a digit)', (value, ok) => {
    expect(isValidPassword(value)).toBe(ok);
  });
});

describe('email', () => {
  it('accepts plain addresses and refuses others', () => {
    expect(isValidEmail('li.ming@example.com')).toBe(true);
    expect(isValidEmail('a@b.cn')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.com')).toBe(false);
    expect(isValidEmail(`${'x'.repeat(95)}@a.com`)).toBe(false);
  });
});

describe('credit code input', () => {
  it('upper-cases and drops spaces', () => {
    expect(normalizeCreditCode(' 9111 0108 5513 8508 2q ')).toBe('91110108551385082Q');
    expect(normalizeCreditCode(undefined)).toBe('');
  });
});

describe('checkRule', () => {
  const rule = checkRule((v) => (isValidAccount(v) ? null : 'bad account'));
  const run = (value: unknown) =>
    (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

  it('passes empty values (required is a rule of its own) and valid ones', async () => {
    await expect(run('')).resolves.toBeUndefined();
    await expect(run(undefined)).resolves.toBeUndefined();
    await expect(run('li.ming')).resolves.toBeUndefined();
  });
  it('fails with the message of the check', async () => {
    await expect(run('ab')).rejects.toThrow('bad account');
  });
});
