import { describe, expect, it } from 'vitest';

import { makeDeviceType } from '../testing/fixtures';

import {
  formatRangeBound,
  formatThreshold,
  hasOneDecimal,
  heartbeatIntervalProblem,
  highThresholdProblem,
  htmlToPlainText,
  isEmptyHtml,
  lowThresholdProblem,
  rangeMaxProblem,
  rangeMinProblem,
  reportIntervalProblem,
  toApiThreshold,
  toDeviceTypeInput,
  toFormValues,
} from './device-type-rules';

const ok = { rangeMin: 0, rangeMax: 100, lowThreshold: 20, highThreshold: 50, reportInterval: 5, heartbeatInterval: 60 };

describe('thresholds: typed as decimals with one decimal place', () => {
  it('accepts one decimal and refuses two, as the server does', () => {
    expect(hasOneDecimal(12.5)).toBe(true);
    expect(hasOneDecimal(20)).toBe(true);
    expect(hasOneDecimal(0.1 + 0.2)).toBe(true); // 0.30000000000000004
    expect(hasOneDecimal(20.25)).toBe(false);
    expect(lowThresholdProblem({ ...ok, lowThreshold: 20.25 })).toBe('oneDecimal');
    expect(highThresholdProblem({ ...ok, highThreshold: 49.99 })).toBe('oneDecimal');
  });
  it('sends the tenth the user typed, without binary noise, and shows one decimal', () => {
    expect(toApiThreshold(12.5)).toBe(12.5);
    expect(toApiThreshold(0.1 + 0.2)).toBe(0.3);
    expect(toApiThreshold(19.999999999999)).toBe(20);
    expect(formatThreshold(12.5)).toBe('12.5');
    expect(formatThreshold(20)).toBe('20.0');
    expect(formatThreshold(0.30000000000000004)).toBe('0.3');
    expect(formatThreshold(undefined)).toBe('');
    expect(formatRangeBound(100)).toBe('100');
    expect(formatRangeBound(0.5)).toBe('0.5');
  });
});

describe('range and thresholds: rangeMin < rangeMax, rangeMin <= low < high <= rangeMax', () => {
  it('passes a good type', () => {
    expect([rangeMinProblem(ok), rangeMaxProblem(ok), lowThresholdProblem(ok), highThresholdProblem(ok)]).toEqual([null, null, null, null]);
    // the edges are allowed: low at the minimum, high at the maximum
    expect(lowThresholdProblem({ ...ok, rangeMin: 5, lowThreshold: 5 })).toBeNull();
    expect(highThresholdProblem({ ...ok, highThreshold: 100 })).toBeNull();
  });
  it('refuses a range that is empty, reversed, negative or too wide', () => {
    expect(rangeMaxProblem({ ...ok, rangeMin: 100, rangeMax: 100 })).toBe('rangeOrder');
    expect(rangeMaxProblem({ ...ok, rangeMin: 100, rangeMax: 50 })).toBe('rangeOrder');
    expect(rangeMinProblem({ ...ok, rangeMin: -1 })).toBe('rangeMinNegative');
    expect(rangeMaxProblem({ ...ok, rangeMax: 0 })).toBe('rangeMaxPositive');
    expect(rangeMaxProblem({ ...ok, rangeMax: 1_000_001 })).toBe('rangeMaxTooLarge');
  });
  it('refuses thresholds outside the range or in the wrong order', () => {
    expect(lowThresholdProblem({ ...ok, rangeMin: 10, lowThreshold: 9.9 })).toBe('lowBelowRange');
    expect(highThresholdProblem({ ...ok, highThreshold: 100.1 })).toBe('highAboveRange');
    expect(highThresholdProblem({ ...ok, lowThreshold: 50, highThreshold: 50 })).toBe('lowBelowHigh');
    expect(highThresholdProblem({ ...ok, lowThreshold: 60, highThreshold: 50 })).toBe('lowBelowHigh');
    expect(lowThresholdProblem({ ...ok, lowThreshold: 0 })).toBe('thresholdPositive');
  });
  it('leaves an empty field to the required rule and skips checks against an empty field', () => {
    expect(lowThresholdProblem({ ...ok, lowThreshold: null })).toBeNull();
    expect(highThresholdProblem({ ...ok, lowThreshold: null, rangeMax: null, highThreshold: 500 })).toBeNull();
    expect(rangeMaxProblem({ rangeMax: 10 })).toBeNull();
  });
});

describe('intervals: 1 to 1440 minutes, heartbeat >= report', () => {
  it('checks bounds, whole minutes and the order', () => {
    expect(reportIntervalProblem(ok)).toBeNull();
    expect(heartbeatIntervalProblem(ok)).toBeNull();
    expect(reportIntervalProblem({ reportInterval: 0 })).toBe('intervalRange');
    expect(reportIntervalProblem({ reportInterval: 1441 })).toBe('intervalRange');
    expect(reportIntervalProblem({ reportInterval: 1440 })).toBeNull();
    expect(reportIntervalProblem({ reportInterval: 1.5 })).toBe('integer');
    expect(heartbeatIntervalProblem({ reportInterval: 30, heartbeatInterval: 29 })).toBe('heartbeatBelowReport');
    expect(heartbeatIntervalProblem({ reportInterval: 30, heartbeatInterval: 30 })).toBeNull();
    expect(heartbeatIntervalProblem({ reportInterval: 30, heartbeatInterval: 2000 })).toBe('intervalRange');
  });
});

describe('form values <-> the API body', () => {
  const type = makeDeviceType({ id: 3, manufacturer: '杭州传感', description: '<p>说明</p>', createdAt: 1, updatedAt: 2 });
  it('round-trips a type', () => {
    const { id: _id, createdAt: _c, updatedAt: _u, deviceCount: _n, ...body } = type;
    expect(toDeviceTypeInput(toFormValues(type))).toEqual(body);
  });
  it('trims texts, defaults the gas to CH4, rounds thresholds to the tenth, sends no empty editor HTML', () => {
    const input = toDeviceTypeInput({
      ...toFormValues(type),
      name: '  名称 ',
      model: ' GT-200 ',
      manufacturer: undefined,
      gas: '  ',
      lowThreshold: 0.1 + 0.2,
      description: '<p></p>',
    });
    expect(input).toMatchObject({ name: '名称', model: 'GT-200', manufacturer: '', gas: 'CH4', lowThreshold: 0.3, description: '' });
  });
  it('tells an empty editor from content, an image alone included', () => {
    expect(isEmptyHtml('<p></p><p>&nbsp;</p>')).toBe(true);
    expect(isEmptyHtml(undefined)).toBe(true);
    expect(isEmptyHtml('<p><img src="/api/files/abc"></p>')).toBe(false);
    expect(isEmptyHtml('<p>x</p>')).toBe(false);
  });
  it('reads a description as text, never as markup', () => {
    expect(htmlToPlainText('<h2>安装</h2><p>距顶棚 <strong>30 cm</strong><img src=x onerror="alert(1)"></p>')).toBe('安装 距顶棚 30 cm');
  });
});
