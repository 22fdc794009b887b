import { sql, type Kysely, type RawBuilder } from 'kysely';

// The admin dashboard's charts (spec §2.11: classes per month, subject breakdown year to date,
// students joining per month) and its classes-in-a-period panel counted every class of two years,
// of the year, of the period, and every student, on each call: 135 ms at scale 100 for the monthly
// chart alone, ten times scale 10's. They now read counts kept here by triggers, in the same
// transaction as each change, so a chart sums a bounded number of rows (days x subjects, months)
// whatever the school's size:
//
// - dashboard_class_counts: per London day and course subject, the classes that teach (every status
//   but Archived 4 and Suspended 5, as the dashboard's TEACHING) and their minutes.
// - dashboard_student_joins: per London month of students.joined_at, the students.
//
// Only what changes a figure does work. Marking (1 -> 3), settling (3 -> 6) and the clock change
// none: the update triggers are row triggers whose WHEN condition is false for them, so the hot
// write paths run no trigger code. Deltas are added to the row's current value in key order (as
// class_day_totals does), so concurrent writers of one day add up and lock the rows of one
// statement in one order.
//
// A course deleted takes its classes off while they are still there (a before-delete trigger on
// courses): by the time its classes go by cascade the course is gone, and the classes' own delete
// trigger finds no subject for them and leaves them be. What counts is written once more, as plain
// SQL over the tables, in the API's tests (dashboard/charts-counted-directly.ts), which hold these
// counts to it after every kind of change.

const LONDON_DAY = (at: RawBuilder<unknown>) => sql`(${at} at time zone 'Europe/London')::date`;
const LONDON_MONTH = (at: RawBuilder<unknown>) => sql`date_trunc('month', ${at} at time zone 'Europe/London')::date`;
/** A class teaches unless Archived (4) or Suspended (5): shared-types statuses NOT_TAUGHT_CLASS_STATUSES. */
const TEACHES = (r: string) => sql.raw(`(${r}.status_id not in (4, 5))`);

/**
 * Adds to dashboard_class_counts the classes of `rows` (columns sign, starts_at, class_length,
 * status_id, subject_id) that teach, by day and subject, in key order.
 */
const addClassDeltas = (rows: RawBuilder<unknown>) => sql`
  insert into dashboard_class_counts as k (day, subject_id, classes, minutes)
    select ${LONDON_DAY(sql`r.starts_at`)}, r.subject_id, sum(r.sign)::int, sum(r.sign * r.class_length)::bigint
    from (${rows}) r where ${TEACHES('r')} and r.subject_id is not null
    group by 1, 2 order by 1, 2
  on conflict (day, subject_id) do update set classes = k.classes + excluded.classes, minutes = k.minutes + excluded.minutes`;

const classRows = (table: string, sign: number) =>
  sql.raw(`select ${sign} as sign, t.starts_at, t.class_length, t.status_id, c.subject_id from ${table} t join courses c on c.course_id = t.course_id`);

const addStudentDeltas = (rows: RawBuilder<unknown>) => sql`
  insert into dashboard_student_joins as k (month, students)
    select ${LONDON_MONTH(sql`r.joined_at`)}, sum(r.sign)::int from (${rows}) r group by 1 order by 1
  on conflict (month) do update set students = k.students + excluded.students`;

export async function up(db: Kysely<any>): Promise<void> {
  // Servers of the release before keep writing while this one migrates (a rolling upgrade): no
  // change may commit between the counts below and the triggers that take over from them.
  await sql`lock table courses, classes, students in share row exclusive mode`.execute(db);
  await sql`create table dashboard_class_counts (
    day date not null,
    subject_id integer not null,
    classes integer not null,
    minutes bigint not null,
    primary key (day, subject_id)
  )`.execute(db);
  await sql`create table dashboard_student_joins (
    month date primary key,
    students integer not null
  )`.execute(db);

  // Classes: added and deleted a statement at a time (a series of a thousand is one statement).
  await sql`create function rollbook_dashboard_classes_insert() returns trigger language plpgsql as $$
    begin
      ${addClassDeltas(classRows('new_classes', 1))};
      return null;
    end $$`.execute(db);
  await sql`create trigger classes_dashboard_counts_insert after insert on classes referencing new table as new_classes
    for each statement execute function rollbook_dashboard_classes_insert()`.execute(db);
  // The course is gone when its classes go by cascade: its own delete trigger took them off.
  await sql`create function rollbook_dashboard_classes_delete() returns trigger language plpgsql as $$
    begin
      ${addClassDeltas(classRows('old_classes', -1))};
      return null;
    end $$`.execute(db);
  await sql`create trigger classes_dashboard_counts_delete after delete on classes referencing old table as old_classes
    for each statement execute function rollbook_dashboard_classes_delete()`.execute(db);

  // A class moved to another day, archived or suspended (or back), lengthened, or put on another course.
  await sql`create function rollbook_dashboard_class_change() returns trigger language plpgsql as $$
    begin
      ${addClassDeltas(sql`
        select -1 as sign, old.starts_at, old.class_length, old.status_id, (select c.subject_id from courses c where c.course_id = old.course_id) as subject_id
        union all
        select 1, new.starts_at, new.class_length, new.status_id, (select c.subject_id from courses c where c.course_id = new.course_id)`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger classes_dashboard_counts_change after update on classes for each row
    when (${LONDON_DAY(sql`old.starts_at`)} is distinct from ${LONDON_DAY(sql`new.starts_at`)}
      or ${TEACHES('old')} is distinct from ${TEACHES('new')}
      or old.class_length is distinct from new.class_length
      or old.course_id is distinct from new.course_id)
    execute function rollbook_dashboard_class_change()`.execute(db);

  // A course given another subject takes its classes along; a course deleted takes them off first.
  await sql`create function rollbook_dashboard_course_subject() returns trigger language plpgsql as $$
    begin
      ${addClassDeltas(sql`
        select -1 as sign, k.starts_at, k.class_length, k.status_id, old.subject_id from classes k where k.course_id = old.course_id
        union all
        select 1, k.starts_at, k.class_length, k.status_id, new.subject_id from classes k where k.course_id = new.course_id`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger courses_dashboard_counts_subject after update of subject_id on courses for each row
    when (old.subject_id is distinct from new.subject_id)
    execute function rollbook_dashboard_course_subject()`.execute(db);
  await sql`create function rollbook_dashboard_course_delete() returns trigger language plpgsql as $$
    begin
      ${addClassDeltas(sql`select -1 as sign, k.starts_at, k.class_length, k.status_id, old.subject_id from classes k where k.course_id = old.course_id`)};
      return old;
    end $$`.execute(db);
  await sql`create trigger courses_dashboard_counts_delete before delete on courses for each row
    execute function rollbook_dashboard_course_delete()`.execute(db);

  // Students: joined (added), left (deleted), or their joining date corrected.
  for (const [event, rows] of [['insert', 'select 1 as sign, joined_at from new_students'], ['delete', 'select -1 as sign, joined_at from old_students']] as const) {
    const fn = sql.raw(`rollbook_dashboard_students_${event}`);
    await sql`create function ${fn}() returns trigger language plpgsql as $$
      begin
        ${addStudentDeltas(sql.raw(rows))};
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`students_dashboard_counts_${event}`)} after ${sql.raw(event)} on students
      referencing ${sql.raw(event === 'insert' ? 'new table as new_students' : 'old table as old_students')}
      for each statement execute function ${fn}()`.execute(db);
  }
  await sql`create function rollbook_dashboard_student_joined() returns trigger language plpgsql as $$
    begin
      ${addStudentDeltas(sql`select -1 as sign, old.joined_at union all select 1, new.joined_at`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger students_dashboard_counts_joined after update of joined_at on students for each row
    when (${LONDON_MONTH(sql`old.joined_at`)} is distinct from ${LONDON_MONTH(sql`new.joined_at`)})
    execute function rollbook_dashboard_student_joined()`.execute(db);

  // Emptied (truncate courses cascades to classes, whose trigger fires too).
  await sql`create function rollbook_dashboard_counts_truncate() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'classes' then
        delete from dashboard_class_counts;
      else
        delete from dashboard_student_joins;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['classes', 'students']) {
    await sql`create trigger ${sql.raw(`${table}_dashboard_counts_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function rollbook_dashboard_counts_truncate()`.execute(db);
  }

  await addClassDeltas(classRows('classes', 1)).execute(db);
  await addStudentDeltas(sql`select 1 as sign, joined_at from students`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const triggers = [
    ['classes_dashboard_counts_insert', 'classes'], ['classes_dashboard_counts_delete', 'classes'], ['classes_dashboard_counts_change', 'classes'],
    ['courses_dashboard_counts_subject', 'courses'], ['courses_dashboard_counts_delete', 'courses'],
    ['students_dashboard_counts_insert', 'students'], ['students_dashboard_counts_delete', 'students'], ['students_dashboard_counts_joined', 'students'],
    ['classes_dashboard_counts_truncate', 'classes'], ['students_dashboard_counts_truncate', 'students'],
  ] as const;
  for (const [trigger, table] of triggers) await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  for (const fn of ['classes_insert', 'classes_delete', 'class_change', 'course_subject', 'course_delete', 'students_insert', 'students_delete', 'student_joined', 'counts_truncate']) {
    await sql`drop function ${sql.raw(`rollbook_dashboard_${fn}`)}()`.execute(db);
  }
  await sql`drop table dashboard_student_joins`.execute(db);
  await sql`drop table dashboard_class_counts`.execute(db);
}
