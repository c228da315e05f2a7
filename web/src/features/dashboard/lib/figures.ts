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
    ['alarmsUnhandled', stat.unhandledAlarms, 'danger'],
  ];
  return cards.flatMap(([key, value, tone]) =>
    value === null || value === undefined ? [] : [tone ? { key, value, tone } : { key, value }],
  );
}

/** A count as docs/product.md §9 shows it: 10000 or more divided by 10000 with 2 decimals and 万 (×10⁴ in en). */
export function formatCount(value: number, wanUnit: string): string {
  return formatWan(value, wanUnit);
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
