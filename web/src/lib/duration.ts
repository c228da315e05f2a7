/** Durations as the console shows them (an alarm's length in the device detail and the Alarm Center). */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The unit words of a duration, in the page's language. */
export interface DurationUnits {
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * A duration as its two largest non-zero units ("2 d 3 h", "5 min 7 s", "12 s"); under a second
 * it is "0 s". Negative or missing values give ''.
 */
export function formatDuration(ms: number | null | undefined, units: DurationUnits, separator = ' '): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const parts: [number, string][] = [
    [Math.floor(ms / DAY), units.day],
    [Math.floor((ms % DAY) / HOUR), units.hour],
    [Math.floor((ms % HOUR) / MINUTE), units.minute],
    [Math.floor((ms % MINUTE) / SECOND), units.second],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return `0${separator}${units.second}`;
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n}${separator}${unit}`)
    .join(' ');
}


const UNIT_NAMES = ['day', 'hour', 'minute', 'second'] as const;

/**
 * A duration in words of the language, its two largest non-zero units: "10 minutes", "1 hour 30 minutes"
 * in English, "10分钟", "1小时30分钟" in Chinese (the browser's own unit names, plurals included). For
 * sentences a person reads (the SMS records' throttle window); tables keep formatDuration's short units.
 */
export function formatDurationWords(ms: number | null | undefined, language: string): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const counts = [Math.floor(ms / DAY), Math.floor((ms % DAY) / HOUR), Math.floor((ms % HOUR) / MINUTE), Math.floor((ms % MINUTE) / SECOND)];
  const words = (n: number, i: number) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: UNIT_NAMES[i], unitDisplay: 'long' }).format(n);
  const first = counts.findIndex((n) => n > 0);
  if (first < 0) return words(0, 3);
  return counts
    .map((n, i) => [n, i] as const)
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, i]) => words(n, i))
    .join(language.startsWith('zh') ? '' : ' ');
}
