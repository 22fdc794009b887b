import { sql, type Kysely } from 'kysely';
import { addDeltas, classLines, lineDeltas } from './2026_11_27_110100_student_course_attendance.js';

// The attendance warning list shows the kept counts (student_course_attendance) of students
// Enrolled (enrolment status 1) on Active courses (course status 2) below the school's threshold,
// lowest rate first. With that state in enrolments and courses, every request joined the whole
// kept table (16.5k rows at scale 100) to the enrolments (19.7k) to find the 2,500 rows below 80%,
// to show 50 of them: 8 ms of PostgreSQL a call, growing with the school. So the state the rule
// needs is kept beside the counts, in enrolled_on_active, by triggers in the same transaction as
// every change that can alter it:
//   - a kept row written by a mark (the register triggers' upsert) takes the state of its place;
//   - an enrolment inserted, changed or deleted sets it for its (course, student);
//   - a course that becomes or stops being Active (Completed, Archived, …) sets it for its rows.
// (A student's "active" in the students list is "has a current course", the same places, so it
// needs no state of its own; deleting a student or a course takes its rows by cascade.)
//
// The index holds the rows that can be listed (enrolled on an Active course, something marked) in
// the list's order: rate, then student and course. A page by rate reads its 50 entries and the
// total counts the entries below the threshold, from the index alone: neither reads a row that is
// not listed.

const ENROLLED = sql.lit(1);
const ACTIVE = sql.lit(2);

/** The rule: an Enrolled place on an Active course, for the (course, student) of `pair`. */
const enrolledOnActive = (pair: string) => sql`exists (
  select 1 from enrolments e join courses c on c.course_id = e.course_id
   where e.course_id = ${sql.raw(pair)}.course_id and e.student_id = ${sql.raw(pair)}.student_id
     and e.status_id = ${ENROLLED} and c.course_status_id = ${ACTIVE})`;

/**
 * The register triggers' upsert of (course, student, attended, held) deltas, as 2026_11_27_110100
 * wrote it, with the place's state for a row it inserts (an existing row keeps its own: the
 * enrolment and course triggers keep it).
 */
const addDeltasWithState = (select: ReturnType<typeof sql>) => sql`
  insert into student_course_attendance as t (course_id, student_id, attended, held, enrolled_on_active)
    select g.course_id, g.student_id, g.attended, g.held, ${enrolledOnActive('g')}
      from (select course_id, student_id, sum(attended)::int as attended, sum(held)::int as held from (${select}) d
             group by course_id, student_id having sum(attended) <> 0 or sum(held) <> 0) g
     order by g.course_id, g.student_id
  on conflict (course_id, student_id) do update set attended = t.attended + excluded.attended, held = t.held + excluded.held`;

/** Sets the state of the kept rows of the (course, student) pairs `pairs` selects, where it changed. */
const refreshPairs = (pairs: ReturnType<typeof sql>) => sql`
  update student_course_attendance t set enrolled_on_active = p.state
    from (select k.course_id, k.student_id, ${enrolledOnActive('k')} as state
            from (${pairs}) k order by k.course_id, k.student_id) p
   where t.course_id = p.course_id and t.student_id = p.student_id and t.enrolled_on_active <> p.state`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table student_course_attendance add column enrolled_on_active boolean not null default false`.execute(db);
  await sql`update student_course_attendance t set enrolled_on_active = true
    from enrolments e join courses c on c.course_id = e.course_id
   where e.course_id = t.course_id and e.student_id = t.student_id and e.status_id = ${ENROLLED} and c.course_status_id = ${ACTIVE}`.execute(db);
  // held > 0: a row with nothing marked has no rate (and the index's expression no value).
  await sql`create index student_course_attendance_warning_idx on student_course_attendance
    ((attended::numeric / held), student_id, course_id) include (attended, held) where enrolled_on_active and held > 0`.execute(db);

  // The register's upserts, redefined with the state of the rows they insert.
  await sql`create or replace function rollbook_attendance_rates_lines_insert() returns trigger language plpgsql as $$
    begin
      ${addDeltasWithState(lineDeltas('new_lines', 1))};
      return null;
    end $$`.execute(db);
  await sql`create or replace function rollbook_attendance_rates_lines_update() returns trigger language plpgsql as $$
    begin
      ${addDeltasWithState(sql`${lineDeltas('new_lines', 1)} union all ${lineDeltas('old_lines', -1)}`)};
      return null;
    end $$`.execute(db);
  await sql`create or replace function rollbook_attendance_rates_class_change() returns trigger language plpgsql as $$
    begin
      ${addDeltasWithState(sql`${classLines('old', -1)} union all ${classLines('new', 1)}`)};
      return null;
    end $$`.execute(db);

  // Enrolments: one statement a statement, for the places it touched (before and after: a place
  // could change its course or student).
  await sql`create function rollbook_warning_state_enrolments_insert() returns trigger language plpgsql as $$
    begin
      ${refreshPairs(sql`select course_id, student_id from new_places`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger enrolments_warning_state_insert after insert on enrolments referencing new table as new_places
    for each statement execute function rollbook_warning_state_enrolments_insert()`.execute(db);
  await sql`create function rollbook_warning_state_enrolments_update() returns trigger language plpgsql as $$
    begin
      ${refreshPairs(sql`select course_id, student_id from new_places union select course_id, student_id from old_places`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger enrolments_warning_state_update after update on enrolments
    referencing old table as old_places new table as new_places
    for each statement execute function rollbook_warning_state_enrolments_update()`.execute(db);
  await sql`create function rollbook_warning_state_enrolments_delete() returns trigger language plpgsql as $$
    begin
      ${refreshPairs(sql`select course_id, student_id from old_places`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger enrolments_warning_state_delete after delete on enrolments referencing old table as old_places
    for each statement execute function rollbook_warning_state_enrolments_delete()`.execute(db);

  // A course that becomes or stops being Active: its rows follow (only its Enrolled places listed).
  await sql`create function rollbook_warning_state_course_status() returns trigger language plpgsql as $$
    begin
      ${refreshPairs(sql`select course_id, student_id from student_course_attendance where course_id = new.course_id`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger courses_warning_state_status after update of course_status_id on courses
    for each row when ((old.course_status_id = ${ACTIVE}) is distinct from (new.course_status_id = ${ACTIVE}))
    execute function rollbook_warning_state_course_status()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger courses_warning_state_status on courses`.execute(db);
  for (const change of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`enrolments_warning_state_${change}`)} on enrolments`.execute(db);
    await sql`drop function ${sql.raw(`rollbook_warning_state_enrolments_${change}`)}()`.execute(db);
  }
  await sql`drop function rollbook_warning_state_course_status()`.execute(db);
  // The register's upserts as 2026_11_27_110100 wrote them.
  await sql`create or replace function rollbook_attendance_rates_lines_insert() returns trigger language plpgsql as $$
    begin
      ${addDeltas(lineDeltas('new_lines', 1))};
      return null;
    end $$`.execute(db);
  await sql`create or replace function rollbook_attendance_rates_lines_update() returns trigger language plpgsql as $$
    begin
      ${addDeltas(sql`${lineDeltas('new_lines', 1)} union all ${lineDeltas('old_lines', -1)}`)};
      return null;
    end $$`.execute(db);
  await sql`create or replace function rollbook_attendance_rates_class_change() returns trigger language plpgsql as $$
    begin
      ${addDeltas(sql`${classLines('old', -1)} union all ${classLines('new', 1)}`)};
      return null;
    end $$`.execute(db);
  await sql`drop index student_course_attendance_warning_idx`.execute(db);
  await sql`alter table student_course_attendance drop column enrolled_on_active`.execute(db);
}
