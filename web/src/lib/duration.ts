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

