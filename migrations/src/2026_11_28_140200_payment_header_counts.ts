import { sql, type Kysely } from 'kysely';

// The settlement history lists a year's reports with each one's class and teacher counts, and
// sorts by them. Counted from the lines on every request, the list grouped every payment line of
// the school (one per paid class: a hundred thousand and more at scale 100) to show a dozen
// reports. The two counts are kept on the header instead, written in the same transaction as the
// lines (raising a report, removing a teacher's part), as amount_total_pence already is. Filled
// here from the lines; that fill is not a change anyone made, so the audit trail leaves it out.
//
// Indexes: a year's reports in the list's default order (period end, revision, id), every report
// in that order (the reports of a teacher, the admin's list without a year), and one teacher's
// lines with their amounts (a teacher's part of each report, read from the index alone). The last
// replaces the index on (teacher_id, payment_header_id), which it serves as well.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_headers add column class_count integer not null default 0, add column teacher_count integer not null default 0`.execute(db);
  const { rows } = await sql<{ audit: string | null }>`select current_setting('rollbook.audit', true) as audit`.execute(db);
  await sql`select set_config('rollbook.audit', 'off', true)`.execute(db);
  await sql`
    update payment_headers h set class_count = l.class_count, teacher_count = l.teacher_count
      from (select payment_header_id, count(*)::int as class_count, count(distinct teacher_id)::int as teacher_count
              from payment_lines group by payment_header_id) l
     where l.payment_header_id = h.payment_header_id`.execute(db);
  // As it was, for the migrations after this one, which may run in the same transaction.
  await sql`select set_config('rollbook.audit', ${rows[0]?.audit ?? ''}, true)`.execute(db);
  await sql`create index payment_headers_year_period_idx on payment_headers (year, period_end_date, revision, payment_header_id)`.execute(db);
  await sql`create index payment_headers_period_idx on payment_headers (period_end_date, revision, payment_header_id)`.execute(db);
  await sql`create index payment_lines_teacher_amount_idx on payment_lines (teacher_id, payment_header_id) include (amount_pence)`.execute(db);
  await sql`drop index payment_lines_teacher_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index payment_lines_teacher_idx on payment_lines (teacher_id, payment_header_id)`.execute(db);
  await sql`drop index payment_lines_teacher_amount_idx`.execute(db);
  await sql`drop index payment_headers_period_idx`.execute(db);
  await sql`drop index payment_headers_year_period_idx`.execute(db);
  await sql`alter table payment_headers drop column teacher_count, drop column class_count`.execute(db);
}
