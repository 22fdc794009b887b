import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { readChangeMark } from './pull.repository.js';
import { RESET_AFTER_MS } from './sync-cursor.js';

// Pruning what pulls read to learn of deletions and hand-overs (sync_tombstones,
// sync_class_handovers), by change marks: migration 001600 says why marks and not timestamps.

/** A mark older than this is older than every cursor a pull still accepts (with a day for the API's and the database's clocks to differ). */
const MARK_AGE_MS = RESET_AFTER_MS + 86_400_000;

/** Records the change mark as of now; pruning uses it once it is older than every accepted cursor. */
export async function recordPruneMark(db: Kysely<DB>): Promise<void> {
  const mark = await readChangeMark(db);
  await db.insertInto('syncPruneMarks').values({ seq: mark.seq, horizon: mark.xmin }).execute();
}

export interface Pruned {
  tombstones: number;
  handovers: number;
}

/**
 * Deletes the tombstones and hand-overs below the newest mark older than every accepted cursor (and
 * the marks before it). A cursor taken after a mark has a seq and a horizon at least the mark's (the
 * horizon never goes back: a transaction running below it later was running, and counted, then),
 * so such a row fails both halves of its "changed since" test.
 */
export async function pruneSyncHistory(db: Kysely<DB>): Promise<Pruned> {
  const mark = await db.selectFrom('syncPruneMarks')
    .select(['markId', 'seq', 'horizon'])
    .where('takenAt', '<', sql<Date>`now() - make_interval(secs => ${MARK_AGE_MS / 1000})`)
    .orderBy('takenAt', 'desc').orderBy('markId', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!mark) return { tombstones: 0, handovers: 0 };
  const below = { seq: sql<number>`${mark.seq}::bigint`, horizon: sql<string>`${mark.horizon}::xid8` };
  const tombstones = await db.deleteFrom('syncTombstones')
    .where('changeSeq', '<=', below.seq).where('changeXid', '<', below.horizon).executeTakeFirst();
  const handovers = await db.deleteFrom('syncClassHandovers')
    .where('changeSeq', '<=', below.seq).where('changeXid', '<', below.horizon).executeTakeFirst();
  await db.deleteFrom('syncPruneMarks').where('markId', '<', mark.markId).execute();
  return { tombstones: Number(tombstones.numDeletedRows), handovers: Number(handovers.numDeletedRows) };
}
