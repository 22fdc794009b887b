import { sql, type Kysely } from 'kysely';

// Tickets that open one live-notice stream (EventSource puts them in the URL: it cannot send the
// sign-in header). A ticket is random, lives seconds, and is used once: opening a stream deletes
// its row in the same statement that reads it, so a URL read back from a log opens nothing, on
// whichever server it is tried. Only the ticket's SHA-256 is kept.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notice_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('is_admin', 'boolean', (c) => c.notNull())
    .addColumn('teacher_id', 'integer')
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notice_tickets_expires_at_idx').on('notice_tickets').column('expires_at').execute();
  await db.schema.createIndex('notice_tickets_user_id_idx').on('notice_tickets').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice_tickets').execute();
}
