import { sql, type Kysely } from 'kysely';

// The students and teachers lists page by last name, then first name, then the id (their default
// order), so a page is a walk of an index with a limit rather than a sort of every person. The
// students list also sorts by first name and e-mail from indexes, the busiest list of a school.
// Each index takes the place of one without the id, which it serves as well (look-ups by e-mail,
// by first name, by name use its first columns).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index students_name_order_idx on students (lower(last_name), lower(first_name), student_id)`.execute(db);
  await sql`drop index students_last_name_lower_idx`.execute(db);
  await sql`create index students_first_name_order_idx on students (lower(first_name), lower(last_name), student_id)`.execute(db);
  await sql`drop index students_first_name_lower_idx`.execute(db);
  await sql`create index students_email_order_idx on students (lower(email), student_id)`.execute(db);
  await sql`drop index students_email_lower_idx`.execute(db);
  await sql`create index teachers_name_order_idx on teachers (lower(last_name), lower(first_name), teacher_id)`.execute(db);
  await sql`drop index teachers_last_name_lower_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index teachers_last_name_lower_idx on teachers (lower(last_name), lower(first_name))`.execute(db);
  await sql`drop index teachers_name_order_idx`.execute(db);
  await sql`create index students_email_lower_idx on students (lower(email))`.execute(db);
  await sql`drop index students_email_order_idx`.execute(db);
  await sql`create index students_first_name_lower_idx on students (lower(first_name))`.execute(db);
  await sql`drop index students_first_name_order_idx`.execute(db);
  await sql`create index students_last_name_lower_idx on students (lower(last_name), lower(first_name))`.execute(db);
  await sql`drop index students_name_order_idx`.execute(db);
}
