import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

// The count tiles are kept up to a moment and read live after it (dashboard.repository
// countStats); this moves the moment on, so the live part stays a few minutes of classes. The
// database function does the work in one transaction (migration 2026_11_30_100000).

/**
 * A minute behind the clock: a reader counts up to its own transaction's now(), and the kept part
 * must never reach past that, even for a reader whose transaction began just before this one.
 */
const BEHIND = sql`now() - interval '1 minute'`;
const ATTEMPTS = 20;
const PAUSE_MS = 50;

/**
 * Brings the kept counts up to a minute ago. Writers of classes and course totals hold the clock's
 * lock while they run; the function only tries for it, so this tries a few times, a moment apart,
 * and otherwise leaves it to the next run (the tiles stay exact either way). Answers whether it moved.
 */
export async function countTilesUpToNow(db: Kysely<DB>): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { rows } = await sql<{ moved: boolean }>`select rollbook_dashboard_count_to(${BEHIND}) as moved`.execute(db);
    if (rows[0]?.moved) return true;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return false;
}
