import { formatMethane, formatVoltage, formatWan } from '@/lib/format';
import type { HomeAlarm, HomeStatistic } from '@/types/api';

/** The stat cards of the home page, in order. */
export type FigureKey =
  | 'companies'
  | 'devices'
  | 'online'
  | 'offline'
  | 'alarm'
  | 'fault'
  | 'lowBattery'
  | 'readingsToday'
  | 'alarmsToday'
  | 'activeAlarms'
  | 'alarmsUnhandled';

export interface Figure {
  key: FigureKey;
  value: number;
  /** Draws attention (red or orange) when the count is above zero. */
  tone?: 'danger' | 'warning' | 'success';
}

/**
 * The cards the answer carries, in display order: a part the server left out (null, not permitted)
 * has no card at all.
 */
export function homeFigures(stat: HomeStatistic): Figure[] {
  const cards: [FigureKey, number | null | undefined, Figure['tone']][] = [
    ['companies', stat.companies, undefined],
    ['devices', stat.devices, undefined],
    ['online', stat.online, 'success'],
    ['offline', stat.offline, 'warning'],
    ['alarm', stat.alarming, 'danger'],
    ['fault', stat.faulty, 'warning'],
    ['lowBattery', stat.lowBattery, 'warning'],
    ['readingsToday', stat.readingsToday, undefined],
    ['alarmsToday', stat.alarmsToday, 'danger'],
    ['activeAlarms', stat.activeAlarms, 'danger'],
    ['alarmsUnhandled', stat.unhandledAlarms, 'danger'],
  ];
  return cards.flatMap(([key, value, tone]) =>
    value === null || value === undefined ? [] : [tone ? { key, value, tone } : { key, value }],
  );
}

/** The most figures in one row of a wide screen (antd's xl and xxl, 1200 px and up). */
export const FIGURES_PER_ROW = 6;

/**
 * The widths (of antd's 24 columns) of `count` figures on a wide screen, so that every row is full:
 * the figures are spread over as few rows as FIGURES_PER_ROW allows, as evenly as possible (the first
 * rows take one more), and each row's 24 columns are shared out among its figures (the first ones take
 * one more column when 24 does not divide evenly). 11 figures: 6 of 4 columns, then 5,5,5,5,4.
 */
export function figureSpans(count: number, perRow: number = FIGURES_PER_ROW): number[] {
  if (count <= 0) return [];
  const rows = Math.ceil(count / perRow);
  const spans: number[] = [];
  for (let r = 0; r < rows; r += 1) {
    const inRow = Math.floor(count / rows) + (r < count % rows ? 1 : 0);
    for (let i = 0; i < inRow; i += 1) spans.push(Math.floor(24 / inRow) + (i < 24 % inRow ? 1 : 0));
  }
  return spans;
}

/** A count as docs/product.md §9 shows it: 10000 or more divided by 10000 with 2 decimals and 万 (×10⁴ in en). */
export function formatCount(value: number, wanUnit: string): string {
  return formatWan(value, wanUnit);
}

/** The value written on a chart's bar or slice: a count as formatCount shows it, nothing for 0. */
export function chartLabel(value: unknown, wanUnit: string): string {
  return typeof value === 'number' && value > 0 ? formatCount(value, wanUnit) : '';
}

/** The locale key (under home.kind) of an alarm's kind and level: gasHigh, gasLow, offline, fault, lowBattery. */
export function alarmLabelKey(kind: string, level: string): string {
  if (kind === 'gas') return level === 'high' ? 'gasHigh' : 'gasLow';
  if (kind === 'offline' || kind === 'fault' || kind === 'lowBattery') return kind;
  return 'unknown';
}

/** An alarm's value as its kind measures it: methane in %LEL, the battery in volts; '' for the others. */
export function alarmValueText(alarm: Pick<HomeAlarm, 'kind' | 'value'>): string {
  const { kind, value } = alarm;
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (kind === 'gas') return `${formatMethane(value)} %LEL`;
  if (kind === 'lowBattery') return `${formatVoltage(value)} V`;
  return '';
}
