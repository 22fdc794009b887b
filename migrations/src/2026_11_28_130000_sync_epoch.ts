import { sql, type Kysely } from 'kysely';

// A phone's pull cursor says "I have everything up to change mark N" (sync/pull.repository.ts).
// That holds only for the database history the mark was taken in. A restore puts the school back to
// an older moment: the change sequence goes back to the backup's value (new changes then reuse
// numbers the phones have already passed), rows changed since come back with their old marks, and
// rows made since vanish without a tombstone; a move to another database server also starts
// transaction ids (the cursor's horizon) afresh. The epoch names one such history: every cursor
// carries it, restore gives the database a new one, and a cursor of another epoch gets a full pull.
// One row; random, so two restores of the same file never share an epoch.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_epoch')
    .addColumn('singleton', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`singleton`))
    .addColumn('epoch', 'text', (c) => c.notNull().defaultTo(sql`substr(md5(gen_random_uuid()::text), 1, 16)`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into sync_epoch default values`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_epoch').execute();
}
