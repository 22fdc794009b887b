// The server's clock as this device sees it. A phone's own clock may be wrong by a year (a dead
// clock battery, a date set by hand); what depends on the server's time — whether a sign-in has
// expired — is judged by the server's clock, learned from the Date header of its answers and kept
// across reloads. (The outbox never depends on clocks: the server orders changes by seq.)

export const SERVER_CLOCK_STORAGE_KEY = 'rollbook.serverClockOffsetMs';

/** A Date header has whole seconds and the answer takes time to arrive: smaller gaps count as none. */
export const NEGLIGIBLE_OFFSET_MS = 60_000;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readStoredOffset(): number {
  const stored = Number(storage()?.getItem(SERVER_CLOCK_STORAGE_KEY) ?? 0);
  return Number.isFinite(stored) ? stored : 0;
}

let offsetMs = readStoredOffset();

/** Now, by the server's clock (the device's clock when they agree, or nothing was learned yet). */
export function serverNow(deviceNow: number = Date.now()): number {
  return deviceNow + offsetMs;
}

/** Learns the gap between the server's clock and this device's from an answer's Date header. */
export function learnServerClock(dateHeader: string | null, deviceNow: number = Date.now()): void {
  if (!dateHeader) return;
  const serverTime = Date.parse(dateHeader);
  if (!Number.isFinite(serverTime)) return;
  const gap = serverTime - deviceNow;
  const next = Math.abs(gap) < NEGLIGIBLE_OFFSET_MS ? 0 : gap;
  if (next === offsetMs) return;
  offsetMs = next;
  try {
    storage()?.setItem(SERVER_CLOCK_STORAGE_KEY, String(next));
  } catch {
    // Storage full or blocked: the offset still holds for this page.
  }
}

/** Tests: forget what was learned. */
export function resetServerClock(): void {
  offsetMs = 0;
  storage()?.removeItem(SERVER_CLOCK_STORAGE_KEY);
}
