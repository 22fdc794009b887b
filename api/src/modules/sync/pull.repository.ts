import { AttendanceStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import type { LineKey } from '../attendance/attendance.repository.js';

const NOT_ENROLLED = sql.lit(AttendanceStatus.NotEnrolled);
const NO_PLACE = sql.lit(EnrolmentStatus.None);

// The id sets a pull is built from. Every synced row carries change_seq (one sequence, stamped by
// trigger); deletions leave sync_tombstones rows stamped the same way.
//
// Why "changed" is `change_seq > seq OR xmin >= horizon`, not just `change_seq > seq`:
// change_seq is taken when a row is written, but the row becomes visible only when its
// transaction commits. A writer that took seq 100, then a writer that took 101 and committed, then
// a pull (which sees 101 and would hand out cursor 101), then the first writer committing: with
// `change_seq > 101` the next pull would miss row 100 for ever. So the pull also records a horizon:
// the lowest transaction id that was still running when it took its snapshot (or, if none, the
// next id to be given out). Every transaction below it had finished, so its rows were visible to
// that pull. A row the pull could not see was written by a transaction at or above the horizon (a
// writer in flight, or one that got its id later, even if it took its seq earlier), and the next
// pull re-sends every row whose xmin is at or above it. Some rows are sent twice; none is missed.
//
// The snapshot's own xmin would do, but it is cluster-wide: a long transaction in another database
// of the same server would hold it back and make every pull re-send everything. So running
// transactions known (pg_stat_activity) to belong to another database are left out; any other,
// including one that finished between the snapshot and that look-up, counts (erring towards
// re-sending). A row's writer is its change_xid (the top-level transaction id as xid8, stamped by
// the change trigger before the row takes its change_seq; migration 001200): 64 bits, never wraps,
// and indexed, unlike xmin.

export interface ChangeMark {
  /** The database history the mark belongs to (sync_epoch: a restore starts a new one). */
  epoch: string;
  /** The sequence's last value: every row written later has a larger change_seq. */
  seq: number;
  /** The horizon (xid8, decimal): rows written by transactions from it on are re-sent. */
  xmin: string;
}

/** The change mark (xmin, seq, epoch) of the statement's snapshot, as a select to nest. */
export const CHANGE_MARK = `
  with snap as (select pg_current_snapshot() as s)
  select coalesce(
           (select min(x) from pg_snapshot_xip(snap.s) x
            where not exists (select 1 from pg_stat_activity a where a.backend_xid = xid(x) and a.datname is distinct from current_database())),
           pg_snapshot_xmax(snap.s))::text as xmin,
         (select case when is_called then last_value else last_value - 1 end from rollbook_change_seq) as seq,
         (select epoch from sync_epoch) as epoch
  from snap`;

/** Must be the first statement of the pull's repeatable-read transaction: it fixes the snapshot. */
export async function readChangeMark(db: Kysely<DB>): Promise<ChangeMark> {
  const { rows } = await sql<{ epoch: string; seq: number; xmin: string }>`select * from (${sql.raw(CHANGE_MARK)}) mark`.execute(db);
  const row = rows[0];
  if (!row?.epoch) throw new Error('could not read the change mark');
  return { epoch: row.epoch, seq: Number(row.seq), xmin: row.xmin };
}

/** `alias` changed since the mark (or always, for a full pull). alias is a constant of this file. */
export function changedSince(alias: string, since: ChangeMark | null): RawBuilder<SqlBool> {
  if (!since) return sql<SqlBool>`true`;
  const t = sql.raw(alias);
  // change_xid is the writer's transaction id, stamped by the trigger (xmin itself cannot be
  // indexed): both halves are index lookups, not a scan of the table.
  return sql<SqlBool>`(${t}.change_seq > ${since.seq} or ${t}.change_xid >= ${since.xmin}::xid8)`;
}

export interface Range {
  from: Date;
  to: Date;
}

/** Whose data a pull is: a teacher's classes, or a student's own. */
export type Scope = { kind: 'teacher'; teacherId: number } | { kind: 'student'; studentId: number };

export interface ScopeClass {
  classId: number;
  courseId: number;
  /** Changed since the cursor, or showing something that did (its register, course, teacher, the clock). */
  send: boolean;
}

/**
 * The caller's classes in the window, each flagged when the phone needs it again: the class, a
 * line of its register, its course or its teacher changed; it entered the window (it starts outside
 * the window the phone holds); or it ended since the last pull (its derived status moved on).
 */
export async function scopeClasses(db: Kysely<DB>, scope: Scope, window: Range, p: { since: ChangeMark | null; held: Range | null; lastAt: Date; now: Date }): Promise<ScopeClass[]> {
  const ch = (alias: string) => changedSince(alias, p.since);
  const mine = scope.kind === 'teacher'
    ? sql`select c.class_id from classes c where c.teacher_id = ${scope.teacherId} and c.starts_at >= ${window.from} and c.starts_at < ${window.to}`
    : sql`select c.class_id from class_attendance own join classes c on c.class_id = own.class_id
          where own.student_id = ${scope.studentId} and own.status_id <> ${NOT_ENROLLED} and c.starts_at >= ${window.from} and c.starts_at < ${window.to}`;
  const outsideHeld = p.held ? sql`(c.starts_at < ${p.held.from} or c.starts_at >= ${p.held.to})` : sql`true`;
  // The register lines that matter for the class item: all of them for a teacher (studentCount),
  // and for a student also their own status.
  const { rows } = await sql<ScopeClass>`
    with mine as (${mine}),
    gone_lines as (
      select distinct (tb.row_key ->> 'class_id')::int as class_id from sync_tombstones tb
      where tb.table_name = 'class_attendance' and ${ch('tb')}
    )
    select c.class_id, c.course_id,
      (${ch('c')} or ${ch('co')} or ${ch('t')} or ${outsideHeld}
        or (c.ends_at > ${p.lastAt} and c.ends_at <= ${p.now})
        or exists (select 1 from class_attendance a where a.class_id = c.class_id and ${ch('a')})
        or c.class_id in (select class_id from gone_lines)) as send
    from mine join classes c on c.class_id = mine.class_id
    join courses co on co.course_id = c.course_id
    join teachers t on t.teacher_id = c.teacher_id`.execute(db);
  return rows;
}

export interface ClassRef {
  classId: number;
  courseId: number | null;
  /** Still (or, deleted, last) the calling teacher's: its students may be told to the phone. */
  mine: boolean;
}

/**
 * Classes the phone may hold that may no longer be the caller's: deleted, changed (moved, handed
 * to another teacher, the student's line cleared) or in the window the phone held. The caller
 * subtracts what is still in scope. Every part is looked up by the caller (their classes, their
 * deletions, the hand-overs away from them: migration 001400), so a pull reads and names only
 * classes that were the caller's, however busy the rest of the school is.
 */
export function removalCandidates(scope: Scope, p: { since: ChangeMark; held: Range }): RawBuilder<ClassRef> {
  const ch = (alias: string) => changedSince(alias, p.since);
  return scope.kind === 'teacher'
    ? sql<ClassRef>`
      select c.class_id, c.course_id, true as mine from classes c where c.teacher_id = ${scope.teacherId} and ${ch('c')}
      union
      select c.class_id, c.course_id, true from classes c
      where c.teacher_id = ${scope.teacherId} and c.starts_at >= ${p.held.from} and c.starts_at < ${p.held.to}
      union
      select h.class_id, h.course_id, false from sync_class_handovers h
      where h.from_teacher_id = ${scope.teacherId} and ${ch('h')}
      union
      select (tb.row_key ->> 'class_id')::int, tb.course_id, true from sync_tombstones tb
      where tb.table_name = 'classes' and tb.teacher_id = ${scope.teacherId} and ${ch('tb')}`
    : sql<ClassRef>`
      select c.class_id, c.course_id, true as mine from class_attendance a join classes c on c.class_id = a.class_id
      where a.student_id = ${scope.studentId} and (${ch('a')} or ${ch('c')}
        or (c.starts_at >= ${p.held.from} and c.starts_at < ${p.held.to}))
      union
      select (tb.row_key ->> 'class_id')::int, null::int, true from sync_tombstones tb
      where tb.table_name = 'class_attendance' and tb.student_id = ${scope.studentId} and ${ch('tb')}`;
}

/** Courses of the scope whose figures or fields may have changed since the cursor. */
export function changedCourses(courseIds: number[], p: { since: ChangeMark; lastAt: Date; now: Date }): RawBuilder<{ courseId: number }> {
  const ch = (alias: string) => changedSince(alias, p.since);
  // Classes started or ended since the last pull move takenPlace, minsRemaining and classesUnmarked.
  return sql<{ courseId: number }>`
    select co.course_id from courses co
    where co.course_id = any(${courseIds}::int[]) and (
      ${ch('co')}
      or exists (select 1 from classes c where c.course_id = co.course_id and (${ch('c')}
        or (c.starts_at > ${p.lastAt} and c.starts_at <= ${p.now}) or (c.ends_at > ${p.lastAt} and c.ends_at <= ${p.now})))
      or exists (select 1 from classes c join teachers t on t.teacher_id = c.teacher_id where c.course_id = co.course_id and ${ch('t')})
      or exists (select 1 from enrolments e where e.course_id = co.course_id and ${ch('e')})
      or exists (select 1 from sync_tombstones tb where tb.course_id = co.course_id and tb.table_name in ('classes', 'enrolments') and ${ch('tb')})
    )`;
}

/** Register lines of classes still in scope that went: deleted, or set to Not enrolled. */
export function removedLines(classIds: number[], since: ChangeMark): RawBuilder<LineKey> {
  return sql<LineKey>`
    select a.class_id, a.student_id from class_attendance a
    where a.class_id = any(${classIds}::int[]) and a.status_id = ${NOT_ENROLLED} and ${changedSince('a', since)}
    union
    select (tb.row_key ->> 'class_id')::int, (tb.row_key ->> 'student_id')::int from sync_tombstones tb
    where tb.table_name = 'class_attendance' and (tb.row_key ->> 'class_id')::int = any(${classIds}::int[]) and ${changedSince('tb', since)}`;
}

export interface EnrolmentKey {
  courseId: number;
  studentId: number;
}

/** Places on the given courses (or the student's own) that went: deleted, or cleared to None. */
export function removedEnrolments(scope: Scope, courseIds: number[], since: ChangeMark): RawBuilder<{ courseId: number | null; studentId: number | null }> {
  const ch = (alias: string) => changedSince(alias, since);
  const whose = (alias: string) => scope.kind === 'teacher'
    ? sql`${sql.raw(alias)}.course_id = any(${courseIds}::int[])`
    : sql`${sql.raw(alias)}.student_id = ${scope.studentId}`;
  // A tombstone's course or student is null when the deleted row had none (callers drop those).
  return sql<{ courseId: number | null; studentId: number | null }>`
    select e.course_id, e.student_id from enrolments e where ${whose('e')} and e.status_id = ${NO_PLACE} and ${ch('e')}
    union
    select tb.course_id, tb.student_id from sync_tombstones tb
    where tb.table_name = 'enrolments' and ${whose('tb')} and ${ch('tb')}`;
}

/** Course ids of the scope: a teacher's are those of their classes in the window; a student's, their places. */
export async function studentCourseIds(db: Kysely<DB>, studentId: number): Promise<number[]> {
  const rows = await db.selectFrom('enrolments').select('courseId')
    .where('studentId', '=', studentId).where('statusId', '<>', EnrolmentStatus.None).execute();
  return rows.map((r) => r.courseId);
}

/** Those of the students changed since the cursor. */
export function changedStudents(studentIds: number[], since: ChangeMark): RawBuilder<{ studentId: number }> {
  return sql<{ studentId: number }>`
    select s.student_id from students s where s.student_id = any(${studentIds}::int[]) and ${changedSince('s', since)}`;
}

/** Students of a teacher's scope: places on the courses and lines of the classes (None and Not enrolled excluded). */
export function teacherStudents(courseIds: number[], classIds: number[], since: ChangeMark | null): RawBuilder<{ studentId: number; changed: boolean }> {
  return sql<{ studentId: number; changed: boolean }>`
    with ids as (
      select e.student_id from enrolments e where e.course_id = any(${courseIds}::int[]) and e.status_id <> ${NO_PLACE}
      union
      select a.student_id from class_attendance a where a.class_id = any(${classIds}::int[]) and a.status_id <> ${NOT_ENROLLED}
    )
    select s.student_id, ${changedSince('s', since)} as changed from students s
    where s.student_id = any(array(select student_id from ids))`;
}

/** Students on the lines of these classes, kept or deleted since the cursor (for those leaving the scope). */
export async function studentsOfClasses(db: Kysely<DB>, classIds: number[], since: ChangeMark): Promise<number[]> {
  if (classIds.length === 0) return [];
  const { rows } = await sql<{ studentId: number }>`
    select a.student_id from class_attendance a where a.class_id = any(${classIds}::int[]) and a.status_id <> ${NOT_ENROLLED}
    union
    select tb.student_id from sync_tombstones tb
    where tb.table_name = 'class_attendance' and (tb.row_key ->> 'class_id')::int = any(${classIds}::int[]) and ${changedSince('tb', since)}`.execute(db);
  return rows.map((r) => r.studentId).filter((id): id is number => id !== null);
}
