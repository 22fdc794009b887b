import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One row per installed app, bound to the user who first synced from it.
  await db.schema
    .createTable('sync_clients')
    .addColumn('client_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Every offline change the server has answered, whatever the answer: a replay gets the stored
  // result and is never applied twice. made_at is the device's clock (audit only, never ordering);
  // applied_at is the server's.
  await db.schema
    .createTable('applied_mutations')
    .addColumn('mutation_id', 'uuid', (c) => c.primaryKey())
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('sync_clients.client_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('applied', 'rejected', 'conflict')`))
    .addColumn('result', 'jsonb', (c) => c.notNull())
    .addColumn('made_at', 'timestamptz')
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('applied_mutations_client_seq_key', ['client_id', 'seq'])
    .execute();
  await db.schema.createIndex('applied_mutations_applied_at_idx').on('applied_mutations').column('applied_at').execute();
  await sql`create index applied_mutations_problems_idx on applied_mutations (applied_at) where outcome <> 'applied'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('applied_mutations').execute();
  await db.schema.dropTable('sync_clients').execute();
}
