import type { Kysely } from 'kysely';

// Whether a student is e-mailed when one of their classes is moved or cancelled. On by default:
// a student who is not told their class moved turns up to an empty room. The student (their
// profile) or the office (the student form) can turn it off.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students')
    .addColumn('class_change_emails', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('students').dropColumn('class_change_emails').execute();
}
