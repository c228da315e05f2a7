import dayjs, { type Dayjs } from 'dayjs';

/**
 * Display rules of docs/product.md §9, in one place. Functions return plain strings; callers add
 * translated units or labels (see signalLabelKey).
 */

/** Numbers of 10000 or more are shown divided by 10000 with 2 decimals and the unit 万. */
export function formatWan(value: number, unit = '万'): string {
  if (!Number.isFinite(value)) return '';
  if (value >= 10000) return `${(value / 10000).toFixed(2)}${unit}`;
  return String(value);
}

/** A percentage (already in percent, e.g. 12.345) with 2 decimals: "12.35%". */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return '';
  return `${value.toFixed(2)}%`;
}

/** Voltage arrives in hundredths of a volt: raw / 100 with 2 decimals ("3.70"). */
export function formatVoltage(raw: number): string {
  if (!Number.isFinite(raw)) return '';
  return (raw / 100).toFixed(2);
}

/** Methane (%LEL) with 1 decimal, capped at 100.0. */
export function formatMethane(value: number): string {
  if (!Number.isFinite(value)) return '';
  return Math.min(value, 100).toFixed(1);
}

export type SignalLevel = 'stable' | 'unstable' | 'weak';

/** Signal strength (CSQ): above 18 stable, 11 to 18 unstable, below 11 weak. */
export function signalLevel(csq: number): SignalLevel {
  if (csq > 18) return 'stable';
  if (csq >= 11) return 'unstable';
  return 'weak';
}

const SIGNAL_KEYS: Record<SignalLevel, string> = {
  stable: 'format.signalStable',
  unstable: 'format.signalUnstable',
  weak: 'format.signalWeak',
};

/** The i18n key of the signal label (能够稳定上网 / 网络不稳定，误码较多 / 不容易上网). */
export function signalLabelKey(csq: number): string {
  return SIGNAL_KEYS[signalLevel(csq)];
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A byte count from B up to YB with 1 decimal ("1.5 KB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0.0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

export const DEFAULT_THROTTLE_MS = 300;

/**
 * Calls fn at once, then at most once per `wait` ms: calls made inside the window are folded
 * into one trailing call with the latest arguments.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEFAULT_THROTTLE_MS,
): ((...args: A) => void) & { cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;

  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0 && timer === null) {
      run(args);
      return;
    }
    pending = args;
    if (timer === null) {
      timer = setTimeout(() => {
        timer = null;
        if (pending) {
          const next = pending;
          pending = null;
          run(next);
        }
      }, Math.max(remaining, 0));
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}

/** Epoch milliseconds from a timestamp; one with fewer than 13 digits is read as seconds. */
export function toMillis(ts: number | string): number {
  const n = typeof ts === 'string' ? Number(ts.trim()) : ts;
  if (!Number.isFinite(n)) return Number.NaN;
  const digits = String(Math.trunc(Math.abs(n))).length;
  return digits < 13 ? n * 1000 : n;
}

/** A timestamp shown in the browser's time zone. */
export function formatDateTime(
  ts: number | string | null | undefined,
  pattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  if (ts === null || ts === undefined || ts === '') return '';
  const ms = toMillis(ts);
  if (Number.isNaN(ms)) return '';
  return dayjs(ms).format(pattern);
}

type DayInput = Dayjs | Date | string | number;

/**
 * The range filter of a day range: ["$gte:<start of first day, ms>", "$lte:<end of last day, ms>"]
 * in the browser's time zone, sent as a repeated key (createdAt=$gte:..&createdAt=$lte:..).
 */
export function buildDayRange(start: DayInput, end: DayInput): [string, string] {
  const from = dayjs(start).startOf('day').valueOf();
  const to = dayjs(end).endOf('day').valueOf();
  return [`$gte:${from}`, `$lte:${to}`];
}

/**
 * The file name of a Content-Disposition header; filename*=UTF-8''... wins over filename="...".
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    let value = star[1].trim().replace(/^"(.*)"$/, '$1');
    const match = /^([\w-]+)'[^']*'(.*)$/.exec(value);
    if (match) value = match[2];
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) {
    const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
    return value || null;
  }
  return null;
}

/** "devices.xlsx" -> "devices_20261122051300.xlsx" (local time); the suffix goes before the extension. */
export function withTimestampSuffix(filename: string, at: DayInput = new Date()): string {
  const stamp = dayjs(at).format('YYYYMMDDHHmmss');
  const dot = filename.lastIndexOf('.');
  if (dot <= 0) return `${filename}_${stamp}`;
  return `${filename.slice(0, dot)}_${stamp}${filename.slice(dot)}`;
}

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The export download: the name comes from Content-Disposition (or the fallback), gets the
 * _YYYYMMDDHHmmss suffix, and the blob is saved under it. Returns the saved name.
 */
export function downloadExport(
  blob: Blob,
  contentDisposition: string | null | undefined,
  fallbackName: string,
  at: DayInput = new Date(),
): string {
  const name = withTimestampSuffix(filenameFromContentDisposition(contentDisposition) ?? fallbackName, at);
  saveBlob(blob, name);
  return name;
}
