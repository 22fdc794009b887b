import { sql, type Kysely } from 'kysely';

// E-mails waiting to be sent. A change that tells people something (a class moved) writes its
// e-mails here in its own transaction, so a rolled-back change sends nothing and a committed one
// cannot lose its e-mails if the mail server is down. A job claims due rows (FOR UPDATE SKIP
// LOCKED, so servers of a cluster never take the same row), sends, and marks them sent; a failed
// send is tried again later (next_attempt_at), until failed_at says it was given up.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('mail_id', 'bigserial', (c) => c.primaryKey())
    // Which kind of e-mail (e.g. 'class-change'), for logs and tests.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.references('students.student_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  // The sender's question, "what is due?", reads only rows still waiting.
  await sql`create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null`.execute(db);
  await db.schema.createIndex('mail_outbox_student_id_idx').on('mail_outbox').column('student_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
