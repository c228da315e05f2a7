import { describe, expect, it } from 'vitest';

import type { HomeStatistic } from '@/types/api';

import { DEVICE_COUNTS, DEVICE_PARTS_HIDDEN } from '../testing/statistic';

import { alarmLabelKey, alarmValueText, chartLabel, figureSpans, formatCount, homeFigures } from './figures';

const full: HomeStatistic = {
  companies: 3,
  ...DEVICE_COUNTS,
  activeAlarms: 2,
  topDevices: [],
  today: '2026-11-25',
  alarmTrend: [],
  byType: [],
  byProvince: [],
  latestAlarms: [],
  generatedAt: 1795300000000,
};

describe('homeFigures', () => {
  it('gives every card in order when the answer has every part', () => {
    expect(homeFigures(full).map((f) => [f.key, f.value])).toEqual([
      ['companies', 3],
      ['devices', 12],
      ['online', 9],
      ['offline', 3],
      ['alarm', 1],
      ['fault', 0],
      ['lowBattery', 2],
      ['readingsToday', 123456],
      ['alarmsToday', 4],
      ['activeAlarms', 2],
      ['alarmsUnhandled', 5],
    ]);
  });

  it('gives alarms open now a card of its own, apart from the unhandled ones and the alarming devices', () => {
    const figures = homeFigures({ ...full, activeAlarms: 7, unhandledAlarms: 3, alarming: 1 });
    expect(figures.find((f) => f.key === 'activeAlarms')).toEqual({ key: 'activeAlarms', value: 7, tone: 'danger' });
    expect(figures.find((f) => f.key === 'alarmsUnhandled')?.value).toBe(3);
    expect(figures.find((f) => f.key === 'alarm')?.value).toBe(1);
    expect(homeFigures({ ...full, activeAlarms: null }).map((f) => f.key)).not.toContain('activeAlarms');
  });

  it('has no card for a part the server left out', () => {
    const company = { ...full, companies: null };
    expect(homeFigures(company).map((f) => f.key)).not.toContain('companies');
    const platformOnly = { ...full, ...DEVICE_PARTS_HIDDEN };
    expect(homeFigures(platformOnly).map((f) => f.key)).toEqual(['companies']);
    expect(homeFigures({ ...platformOnly, companies: null })).toEqual([]);
  });
});

describe('figureSpans', () => {
  const rows = (spans: number[]) => {
    const out: number[][] = [];
    let row: number[] = [];
    for (const s of spans) {
      row.push(s);
      if (row.reduce((a, b) => a + b, 0) >= 24) {
        out.push(row);
        row = [];
      }
    }
    if (row.length) out.push(row);
    return out;
  };

  it('fills every row of 24 columns, at most 6 figures a row, for any number of figures', () => {
    for (let n = 1; n <= 20; n += 1) {
      const spans = figureSpans(n);
      expect(spans).toHaveLength(n);
      for (const row of rows(spans)) {
        expect(row.reduce((a, b) => a + b, 0)).toBe(24);
        expect(row.length).toBeLessThanOrEqual(6);
      }
    }
    expect(figureSpans(0)).toEqual([]);
  });

  it('fills the rows of a phone (2 a row) and a tablet (3, 4 a row) too: an odd last figure takes the whole row', () => {
    for (const perRow of [2, 3, 4]) {
      for (let n = 1; n <= 12; n += 1) {
        for (const row of rows(figureSpans(n, perRow))) {
          expect(row.reduce((a, b) => a + b, 0)).toBe(24);
          expect(row.length).toBeLessThanOrEqual(perRow);
        }
      }
    }
    expect(figureSpans(11, 2).at(-1)).toBe(24);
  });

  it('lays out the home page\'s 11 figures (platform) and 10 (company) in two full rows', () => {
    expect(rows(figureSpans(11))).toEqual([
      [4, 4, 4, 4, 4, 4],
      [5, 5, 5, 5, 4],
    ]);
    expect(rows(figureSpans(10))).toEqual([
      [5, 5, 5, 5, 4],
      [5, 5, 5, 5, 4],
    ]);
    expect(rows(figureSpans(12))).toEqual([
      [4, 4, 4, 4, 4, 4],
      [4, 4, 4, 4, 4, 4],
    ]);
  });
});

describe('formatting', () => {
  it('shows 10000 or more divided by 10000 with 2 decimals and the unit (the display rules)', () => {
    expect(formatCount(9999, '万')).toBe('9999');
    expect(formatCount(10000, '万')).toBe('1.00万');
    expect(formatCount(123456, '万')).toBe('12.35万');
    expect(formatCount(123456, '×10⁴')).toBe('12.35×10⁴');
    expect(formatCount(0, '万')).toBe('0');
  });

  it('writes the values on the charts by the same rule, and nothing for a zero', () => {
    expect(chartLabel(25_000, '万')).toBe('2.50万');
    expect(chartLabel(25_000, '×10⁴')).toBe('2.50×10⁴');
    expect(chartLabel(7, '万')).toBe('7');
    expect(chartLabel(0, '万')).toBe('');
    expect(chartLabel(undefined, '万')).toBe('');
  });

  it('names an alarm by kind and level and shows its value as the kind measures it', () => {
    expect(alarmLabelKey('gas', 'high')).toBe('gasHigh');
    expect(alarmLabelKey('gas', 'low')).toBe('gasLow');
    expect(alarmLabelKey('offline', '')).toBe('offline');
    expect(alarmLabelKey('lowBattery', '')).toBe('lowBattery');
    expect(alarmLabelKey('tamper', '')).toBe('unknown');
    expect(alarmValueText({ kind: 'gas', value: 61.46 })).toBe('61.5 %LEL');
    expect(alarmValueText({ kind: 'gas', value: 130 })).toBe('100.0 %LEL');
    expect(alarmValueText({ kind: 'lowBattery', value: 335 })).toBe('3.35 V');
    expect(alarmValueText({ kind: 'offline', value: 0 })).toBe('');
  });
});
