import type { TimeRangeMs } from '../types';

const HOUR = 60 * 60 * 1000;

/** The quick ranges of the time pickers: the last hour, 24 hours, 7 days, 30 days. */
export const RANGE_PRESETS = [
  { key: 'lastHour', ms: HOUR },
  { key: 'last24Hours', ms: 24 * HOUR },
  { key: 'last7Days', ms: 7 * 24 * HOUR },
  { key: 'last30Days', ms: 30 * 24 * HOUR },
] as const;

export type PresetKey = (typeof RANGE_PRESETS)[number]['key'];

/**
 * What a time picker holds: a preset stays relative to now (a chart of "the last hour" keeps moving
 * when it refreshes), a custom range is fixed; `all` is no range at all.
 */
export type RangeChoice =
  | { kind: 'preset'; key: PresetKey }
  | { kind: 'custom'; from: number; to: number }
  | { kind: 'all' };

/** The bounds of a choice at `now`. */
export function resolveRange(choice: RangeChoice, now: number): TimeRangeMs {
  if (choice.kind === 'all') return { from: null, to: null };
  if (choice.kind === 'custom') return { from: choice.from, to: choice.to };
  const preset = RANGE_PRESETS.find((p) => p.key === choice.key) ?? RANGE_PRESETS[1];
  return { from: now - preset.ms, to: now };
}

/**
 * The preset a picked range stands for: it ends within a minute of now and spans a preset's length
 * (give or take a second). A picker's preset gives fixed dates; this turns them back into "the last ...".
 */
export function matchPreset(from: number, to: number, now: number): PresetKey | null {
  if (Math.abs(now - to) > 60_000) return null;
  const preset = RANGE_PRESETS.find((p) => Math.abs(to - from - p.ms) <= 1000);
  return preset ? preset.key : null;
}

/** The choice of a picker's change: a preset when the dates match one, else the fixed range. */
export function choiceFromPicked(from: number, to: number, now: number): RangeChoice {
  const key = matchPreset(from, to, now);
  return key ? { kind: 'preset', key } : { kind: 'custom', from, to };
}

/** A range as the repeated range filter of docs/api.md: ['$gte:<ms>', '$lte:<ms>'], or undefined. */
export function rangeFilter(range: TimeRangeMs): string[] | undefined {
  const parts: string[] = [];
  if (range.from !== null) parts.push(`$gte:${Math.floor(range.from)}`);
  if (range.to !== null) parts.push(`$lte:${Math.floor(range.to)}`);
  return parts.length > 0 ? parts : undefined;
}

/** A stable identity of a choice for query keys (a preset does not change with the clock). */
export function choiceKey(choice: RangeChoice): string {
  if (choice.kind === 'custom') return `${choice.from}-${choice.to}`;
  if (choice.kind === 'preset') return choice.key;
  return 'all';
}

/**
 * The chart's first range: the last 24 hours when the device reported in them (or never did), else the
 * 24 hours ending at its last report, so that a device gone quiet still opens on its data. Never longer.
 */
export function defaultChartRange(lastSeenAt: number | null | undefined, now: number): RangeChoice {
  const day = RANGE_PRESETS[1].ms;
  if (typeof lastSeenAt !== 'number' || lastSeenAt >= now - day) return { kind: 'preset', key: 'last24Hours' };
  return { kind: 'custom', from: lastSeenAt - day, to: lastSeenAt };
}
