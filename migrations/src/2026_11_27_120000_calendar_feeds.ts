import { sql, type Kysely } from 'kysely';

// Private calendar feeds: one per login, opened by calendar apps with a random token in the URL
// (they cannot sign in). Only the token's SHA-256 is kept, as with notice tickets, so a copy of the
// database opens nothing. Replacing a feed overwrites its hash, and the old URL stops at once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // When a calendar app last fetched it (kept to the hour), so the owner can tell it is in use.
    .addColumn('last_fetched_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
