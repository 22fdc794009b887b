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

type Upsert = (select: ReturnType<typeof sql>) => ReturnType<typeof sql>;

/** The register triggers' functions (2026_11_27_110100's names), each with `upsert` of its deltas. */
async function registerUpserts(db: Kysely<any>, upsert: Upsert): Promise<void> {
  const bodies: [string, ReturnType<typeof sql>][] = [
    ['rollbook_attendance_rates_lines_insert', upsert(lineDeltas('new_lines', 1))],
    ['rollbook_attendance_rates_lines_update', upsert(sql`${lineDeltas('new_lines', 1)} union all ${lineDeltas('old_lines', -1)}`)],
    ['rollbook_attendance_rates_class_change', upsert(sql`${classLines('old', -1)} union all ${classLines('new', 1)}`)],
  ];
  for (const [name, body] of bodies) {
    await sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        ${body};
        return null;
      end $$`.execute(db);
  }
}

/** Each change of enrolments, its transition tables and the places it touched. */
const ENROLMENT_CHANGES: [string, string, ReturnType<typeof sql>][] = [
  ['insert', 'new table as new_places', sql`select course_id, student_id from new_places`],
  ['update', 'old table as old_places new table as new_places',
    sql`select course_id, student_id from new_places union select course_id, student_id from old_places`],
  ['delete', 'old table as old_places', sql`select course_id, student_id from old_places`],
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table student_course_attendance add column enrolled_on_active boolean not null default false`.execute(db);
  await refreshPairs(sql`select course_id, student_id from student_course_attendance`).execute(db);
  // held > 0: a row with nothing marked has no rate (and the index's expression no value).
  await sql`create index student_course_attendance_warning_idx on student_course_attendance
    ((attended::numeric / held), student_id, course_id) include (attended, held) where enrolled_on_active and held > 0`.execute(db);

  // The register's upserts, redefined with the state of the rows they insert.
  await registerUpserts(db, addDeltasWithState);

  // Enrolments: one statement a statement, for the places it touched (before and after: a place
  // could change its course or student).
  for (const [change, tables, pairs] of ENROLMENT_CHANGES) {
    await sql`create function ${sql.raw(`rollbook_warning_state_enrolments_${change}`)}() returns trigger language plpgsql as $$
      begin
        ${refreshPairs(pairs)};
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`enrolments_warning_state_${change}`)} after ${sql.raw(change)} on enrolments
      referencing ${sql.raw(tables)} for each statement execute function ${sql.raw(`rollbook_warning_state_enrolments_${change}`)}()`.execute(db);
  }

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
  for (const [change] of ENROLMENT_CHANGES) {
    await sql`drop trigger ${sql.raw(`enrolments_warning_state_${change}`)} on enrolments`.execute(db);
    await sql`drop function ${sql.raw(`rollbook_warning_state_enrolments_${change}`)}()`.execute(db);
  }
  await sql`drop function rollbook_warning_state_course_status()`.execute(db);
  // The register's upserts as 2026_11_27_110100 wrote them.
  await registerUpserts(db, addDeltas);
  await sql`drop index student_course_attendance_warning_idx`.execute(db);
  await sql`alter table student_course_attendance drop column enrolled_on_active`.execute(db);
}
