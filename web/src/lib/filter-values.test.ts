import { describe, expect, it } from 'vitest';

import { dayRange, knownList, positiveInt, zeroOne } from './filter-values';

describe('filter values', () => {
  it('keeps only the allowed values of a list filter (a typo in the address asks nothing odd)', () => {
    expect(knownList(['sent', 'bogus', 'failed'], ['sent', 'failed', 'pending'] as const)).toEqual(['sent', 'failed']);
    expect(knownList([], ['a'] as const)).toEqual([]);
  });

  it('reads an id only from a positive whole number', () => {
    expect(positiveInt('12')).toBe(12);
    expect(positiveInt(undefined)).toBeUndefined();
    expect(positiveInt('')).toBeUndefined();
    expect(positiveInt('0')).toBeUndefined();
    expect(positiveInt('-3')).toBeUndefined();
    expect(positiveInt('1.5')).toBeUndefined();
    expect(positiveInt('x1')).toBeUndefined();
  });

  it('reads 0 and 1 only', () => {
    expect(zeroOne('0')).toBe(0);
    expect(zeroOne('1')).toBe(1);
    expect(zeroOne('2')).toBeUndefined();
    expect(zeroOne(undefined)).toBeUndefined();
    expect(zeroOne('true')).toBeUndefined();
  });

  it('reads a range of two days', () => {
    const range = dayRange(['2026-11-01', '2026-11-30']);
    expect(range?.map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-11-01 00:00', '2026-11-30 00:00']);
  });

  it('reads no other day range', () => {
    expect(dayRange([])).toBeNull();
    expect(dayRange(['2026-11-01'])).toBeNull();
    expect(dayRange(['2026-11-01', '2026-11-02', '2026-11-03'])).toBeNull();
    expect(dayRange(['2026-11-01', 'soon'])).toBeNull();
  });
});
