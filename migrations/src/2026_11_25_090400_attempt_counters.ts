import { sql, type Kysely } from 'kysely';

// Counters of attempts (failed sign-ins, reset and sign-up codes asked for) in fixed windows, kept
// where every server of a cluster counts the same: behind N servers with counters of their own an
// attacker would get N times the tries. One row per key, changed by one atomic upsert per attempt;
// rows whose window ended long ago are removed by the daily purge.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (c) => c.primaryKey().check(sql`length(key) <= 600`))
    .addColumn('hits', 'integer', (c) => c.notNull().check(sql`hits > 0`))
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attempt_counters_window_ends_at_idx').on('attempt_counters').column('window_ends_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt_counters').execute();
}
