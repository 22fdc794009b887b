import { DateTime } from 'luxon';
import { addDays, LONDON, londonDayStart } from '../../lib/london-time.js';

// The pull's window and cursor. Pure functions: no database, the clock passed in.

/** London dates, inclusive, whole weeks Monday to Sunday. */
export interface SyncWindow {
  from: string;
  to: string;
}

/**
 * The weeks around London today: from the Monday weeksBack weeks before this week's Monday to the
 * Sunday weeksAhead weeks after this week's Sunday. Whole weeks, so the window moves once a week
 * and a phone's WEEK view is never cut in half.
 */
export function syncWindow(now: Date, weeksBack: number, weeksAhead: number): SyncWindow {
  const t = now.getTime();
  const key = `${weeksBack}:${weeksAhead}`;
  const kept = windows.get(key);
  if (kept && t >= kept.from && t < kept.until) return { ...kept.window };
  const monday = DateTime.fromJSDate(now, { zone: LONDON }).startOf('week').toISODate() as string;
  const window = { from: addDays(monday, -7 * weeksBack), to: addDays(monday, 7 * weeksAhead + 6) };
  windows.set(key, { from: londonDayStart(monday).getTime(), until: londonDayStart(addDays(monday, 7)).getTime(), window });
  return { ...window };
}

/** The window as a half-open range of class start instants. */
export function windowInstants(w: SyncWindow): { from: Date; to: Date } {
  const key = `${w.from}/${w.to}`;
  let kept = instants.get(key);
  if (!kept) {
    if (instants.size >= 64) instants.clear();
    instants.set(key, (kept = { from: londonDayStart(w.from).getTime(), to: londonDayStart(addDays(w.to, 1)).getTime() }));
  }
  return { from: new Date(kept.from), to: new Date(kept.to) };
}

// Every pull asks for the window around now and the instants of two windows; luxon's time-zone
// arithmetic (Intl under the hood) was a tenth of a pull's Node CPU, for answers that change once a
// week. So the last answers are kept: a window with the London week it holds for (from its Monday's
// start to the next's), and the instants of recent windows (a pure function of the dates).
const windows = new Map<string, { from: number; until: number; window: SyncWindow }>();
const instants = new Map<string, { from: number; to: number }>();

/**
 * What a pull hands back to be passed in next time.
 * seq: the change sequence's value when the pull read; xmin: the oldest transaction still running
 * at that moment (its snapshot's xmin, a 64-bit xid as a decimal string). The next pull re-sends
 * rows with change_seq > seq OR written by a transaction >= xmin; see pull.repository.ts for why.
 * from/to: the window the phone now holds. at: server time of the pull (ms). base: time of the
 * last full (reset) pull (ms). epoch: the database history seq and xmin belong to (sync_epoch,
 * renewed by every restore); a cursor of another epoch says nothing about this one.
 */
export interface SyncCursor {
  userId: number;
  epoch: string;
  seq: number;
  xmin: string;
  window: SyncWindow;
  at: number;
  base: number;
}

// 2: the horizon is compared with change_xid (migration 001200); a version 1 cursor starts again.
// 3: hand-overs are recorded (migration 001400); a cursor from before them starts again.
// 4: the cursor names its epoch (migration 2026_11_28_130000); a cursor without one starts again.
const VERSION = 4;
/** A full pull at least this often: bounds what untracked tables (companies, rooms, rates) can leave stale. */
export const RESET_AFTER_MS = 7 * 86_400_000;

export function encodeCursor(c: SyncCursor): string {
  const compact = [VERSION, c.userId, c.epoch, c.seq, c.xmin, c.window.from, c.window.to, c.at, c.base];
  return Buffer.from(JSON.stringify(compact)).toString('base64url');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EPOCH = /^[0-9a-f]{16}$/;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The previous pull's cursor, or null when the phone must start again from a full snapshot:
 * no cursor, not one of ours, another user's, from the future, or too old. Whether its epoch is
 * the database's is for the pull to see (it reads the epoch with its change mark).
 */
export function decodeCursor(text: string | undefined, userId: number, now: Date): SyncCursor | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 9) return null;
  const [version, user, epoch, seq, xmin, from, to, at, base] = parsed as unknown[];
  if (version !== VERSION || user !== userId || typeof epoch !== 'string' || !EPOCH.test(epoch) || !isInt(seq) || typeof xmin !== 'string' || !/^\d{1,20}$/.test(xmin)) return null;
  if (typeof from !== 'string' || typeof to !== 'string' || !ISO_DATE.test(from) || !ISO_DATE.test(to) || from > to) return null;
  if (!isInt(at) || !isInt(base) || base > at || at > now.getTime() + 60_000) return null;
  if (now.getTime() - base > RESET_AFTER_MS) return null;
  return { userId, epoch, seq, xmin, window: { from, to }, at, base };
}
