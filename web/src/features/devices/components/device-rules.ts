import { formatMethane, formatVoltage } from '@/lib/format';

import type { ImportedSecret } from '../types';

/** How often the list asks for the live state (ms) while the page is visible. */
export const LIVE_REFRESH_MS = 15_000;


// ---- live values ----

const EMPTY = '—';

/** Methane %LEL with one decimal, capped at 100.0; '—' when the device has not said. */
export function liveMethane(ch4: number | null | undefined): string {
  return typeof ch4 === 'number' ? formatMethane(ch4) : EMPTY;
}

/** Battery voltage: raw hundredths / 100 with two decimals and V; '—' when unknown. */
export function liveVoltage(raw: number | null | undefined): string {
  return typeof raw === 'number' ? `${formatVoltage(raw)} V` : EMPTY;
}

export type RelativeUnit = 'justNow' | 'minutes' | 'hours' | 'days';

/** How long ago a time was, in the largest whole unit (under a minute is "just now"). */
export function relativeTime(ts: number, now: number): { unit: RelativeUnit; count: number } {
  const seconds = Math.max(0, Math.floor((now - ts) / 1000));
  if (seconds < 60) return { unit: 'justNow', count: 0 };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

// ---- secrets ----

function csvCell(value: string): string {
  // a leading = + - @ would be a formula in a spreadsheet
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The created devices' secrets as CSV (IMEI, secret), with a BOM so that spreadsheets read UTF-8. */
export function secretsCsv(secrets: readonly ImportedSecret[]): string {
  const lines = ['IMEI,secret', ...secrets.map((s) => `${csvCell(s.imei)},${csvCell(s.secret)}`)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
