import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';

// Attempts counted per key in fixed windows, in the database (table attempt_counters), so every
// server of a cluster counts the same attempts. Windows are timed by the asking server's clock
// (servers keep time with NTP; a second's skew does not matter to a window of minutes), which tests
// can step through. Used by the sign-in lockout and as @fastify/rate-limit's store.

export interface AttemptCount {
  /** Attempts in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetsInMs: number;
}

/** Longest key kept (the column's check); longer keys are cut, which only merges absurd ones. */
const MAX_KEY_LENGTH = 600;
const keyOf = (key: string) => key.slice(0, MAX_KEY_LENGTH);

/** Counts one attempt: a window opens with the key's first attempt and lasts windowMs. One atomic upsert. */
export async function countAttempt(db: Db, key: string, windowMs: number, now = new Date()): Promise<AttemptCount> {
  const at = sql<Date>`${now}::timestamptz`;
  const { rows } = await sql<{ hits: number; resetsInMs: number }>`
    insert into attempt_counters as c (key, hits, window_ends_at)
    values (${keyOf(key)}, 1, ${at} + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when c.window_ends_at <= ${at} then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= ${at} then excluded.window_ends_at else c.window_ends_at end
    returning hits, ceil(extract(epoch from window_ends_at - ${at}) * 1000)::int as "resetsInMs"`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('counting an attempt answered no row');
  return row;
}

/** The key's count in its current window, without counting; a key with none answers hits 0. */
export async function readAttempts(db: Db, key: string, now = new Date()): Promise<AttemptCount> {
  const at = sql<Date>`${now}::timestamptz`;
  const { rows } = await sql<{ hits: number; resetsInMs: number }>`
    select hits, ceil(extract(epoch from window_ends_at - ${at}) * 1000)::int as "resetsInMs"
    from attempt_counters where key = ${keyOf(key)} and window_ends_at > ${at}`.execute(db);
  return rows[0] ?? { hits: 0, resetsInMs: 0 };
}

/** Removes counters whose window ended over an hour ago (daily purge). */
export async function purgeEndedAttempts(db: Db): Promise<number> {
  const result = await db.deleteFrom('attemptCounters').where('windowEndsAt', '<', sql<Date>`now() - interval '1 hour'`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
