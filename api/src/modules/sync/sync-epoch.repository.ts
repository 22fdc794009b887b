import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

// The database history phones' pull cursors belong to (migration 2026_11_28_130000_sync_epoch).
// Read by every pull with its change mark (pull.repository readChangeMark).

/**
 * Starts a new history: every cursor taken before (its change mark counted in a history a restore
 * has just replaced) then gets a full pull. Run by restore, in its transaction, after the rows are
 * loaded: the file's own epoch is one phones may still hold.
 */
export async function startNewSyncEpoch(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ epoch: string }>`
    insert into sync_epoch (singleton, epoch, started_at) values (true, substr(md5(gen_random_uuid()::text), 1, 16), now())
    on conflict (singleton) do update set epoch = excluded.epoch, started_at = excluded.started_at
    returning epoch`.execute(db);
  return rows[0]!.epoch;
}
