/** The first wait before a feed that failed hard is opened again, and the longest. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/**
 * How long to wait before the `attempt`-th reopening (0 = the first): doubling from 1 s up to 60 s,
 * with up to a fifth taken off at random (`random` in [0, 1)) so that many consoles do not come back
 * in the same second after a server restart.
 */
export function reconnectDelay(attempt: number, random: number = Math.random()): number {
  const n = Math.max(0, Math.floor(attempt));
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(n, 30));
  const jitter = Math.min(Math.max(random, 0), 1) * 0.2;
  return Math.round(full * (1 - jitter));
}
