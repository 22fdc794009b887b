import { sql, type Kysely } from 'kysely';

// sync_tombstones and sync_class_handovers grew for ever: a pull reads only rows changed since its
// cursor, so old rows cost disk and vacuum, not reads, but a school deletes register lines and hands
// classes on every day. Which rows no cursor can still ask for is decided by the change marks
// themselves, not by the rows' clocks (a row's timestamp is its transaction's start, which says
// nothing about when it became visible): once a day the API records the current change mark here;
// a cursor is refused after RESET_AFTER_MS (7 days), so every cursor still accepted was taken after
// a mark older than that, and a row below such a mark (change_seq <= seq and change_xid < horizon)
// is sent by neither half of a pull's "changed since" test (sync/pull.repository changedSince).
// See sync/sync-history.repository.ts.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_prune_marks')
    .addColumn('mark_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('horizon', sql`xid8`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sync_prune_marks_taken_at_idx').on('sync_prune_marks').column('taken_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_prune_marks').execute();
}
