// When to try again after a failed send: exponential backoff with jitter between 1 s and 5 min, so
// a thousand phones coming back online together do not hammer the server in step.

export const MIN_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 5 * 60_000;
/** A server asking for a longer pause (Retry-After) is obeyed up to this much. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * Delay before attempt number `attempts + 1`: the cap doubles per failure (1 s, 2 s, 4 s … 5 min)
 * and the delay is drawn from its upper half ("equal jitter"), so it grows but never collapses to 0.
 */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 20);
  const cap = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** exponent);
  const delay = cap / 2 + random() * (cap / 2);
  return Math.round(Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, delay)));
}

/** Retry-After as delta-seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The backoff, lengthened to what the server asked for (within reason). */
export function retryDelayMs(attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const backoff = backoffDelayMs(attempts, random);
  return retryAfterMs === null ? backoff : Math.max(backoff, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/**
 * A due time further ahead than any delay we ever set means the device clock jumped backwards:
 * treat it as due rather than stall the queue for a year.
 */
export function isDue(nextAttemptAt: number, now: number): boolean {
  return nextAttemptAt <= now || nextAttemptAt - now > MAX_RETRY_AFTER_MS;
}
