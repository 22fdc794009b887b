import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A raised settlement report. Totals are integer pence.
  await db.schema
    .createTable('payment_headers')
    .addColumn('payment_header_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('month', 'smallint', (c) => c.notNull().check(sql`month between 1 and 12`))
    .addColumn('year', 'smallint', (c) => c.notNull().check(sql`year between 2000 and 2200`))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1).check(sql`revision >= 1`))
    .addColumn('period_end_date', 'date', (c) => c.notNull())
    .addColumn('amount_total_pence', 'bigint', (c) => c.notNull().check(sql`amount_total_pence >= 0`))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payment_headers_month_revision_key', ['year', 'month', 'revision'])
    .execute();
  await db.schema.createIndex('payment_headers_created_idx').on('payment_headers').column('created_at').execute();

  // One line per paid class. class_id is unique: whatever races, a class is paid at most once.
  await db.schema
    .createTable('payment_lines')
    .addColumn('payment_line_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('payment_header_id', 'integer', (c) => c.notNull().references('payment_headers.payment_header_id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().unique().references('classes.class_id'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.teacher_id'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.course_id'))
    .addColumn('teacher_rate_id', 'integer', (c) => c.notNull().references('teacher_rates.teacher_rate_id'))
    // Copies taken when raised, so a later change of rate or class cannot alter a paid report.
    .addColumn('class_starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('class_length', 'integer', (c) => c.notNull().check(sql`class_length > 0`))
    .addColumn('rate_pence', 'integer', (c) => c.notNull().check(sql`rate_pence >= 0`))
    .addColumn('amount_pence', 'integer', (c) => c.notNull().check(sql`amount_pence >= 0`))
    .execute();
  await db.schema.createIndex('payment_lines_header_idx').on('payment_lines').column('payment_header_id').execute();
  await db.schema.createIndex('payment_lines_teacher_idx').on('payment_lines').columns(['teacher_id', 'payment_header_id']).execute();

  await db.schema
    .alterTable('classes')
    .addColumn('payment_header_id', 'integer', (c) => c.references('payment_headers.payment_header_id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('classes_payment_header_idx').on('classes').column('payment_header_id').execute();
  // Paid (6) exactly when the class sits in a report.
  await sql`alter table classes add constraint classes_paid_has_report
    check ((status_id = 6) = (payment_header_id is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table classes drop constraint classes_paid_has_report`.execute(db);
  await db.schema.alterTable('classes').dropColumn('payment_header_id').execute();
  await db.schema.dropTable('payment_lines').execute();
  await db.schema.dropTable('payment_headers').execute();
}
