import type { MarkedClass } from '@rollbook/shared-types/attendance';
import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus, everyoneMarkedSql, RECOMPUTED_BY_MARKING, storedStatusAfterMarkingSql } from '../classes/class-status.js';

export interface MarkingClass {
  classId: number;
  teacherId: number | null;
  statusId: number;
  courseStatusId: number;
  notStarted: boolean;
}

export interface LineKey {
  classId: number;
  studentId: number;
}

export interface LineState {
  statusId: number;
  version: number;
}

export const lineKey = (l: LineKey): string => `${l.classId}:${l.studentId}`;

/**
 * The classes being marked with what the rules need, locked in id order (no deadlocks between two
 * markers), then the register lines of those of them `visibleTo` may mark (admin, or the class's
 * teacher), locked in (class, student) order; lines that are not there are missing from the map.
 * One statement: a push of 50 marks spent more time sending statements than PostgreSQL running
 * them. Every class is locked before any line: the lines' scan is bounded by an array of the
 * locked classes' ids, computed whole before its first row. A line of a class refused by a status
 * rule is locked with it (the push has locked it already, probing its rows); its mark is refused all the same.
 */
export async function lockForMarking(
  db: Kysely<DB>, classIds: number[], lines: LineKey[], visibleTo: { isAdmin: boolean; teacherId: number | null },
): Promise<{ classes: MarkingClass[]; lines: Map<string, LineState> }> {
  if (classIds.length === 0) return { classes: [], lines: new Map() };
  const { rows } = await sql<MarkingClass & { studentId: number | null; version: number | null }>`
    with cls as materialized (
      select c.class_id, c.teacher_id, c.status_id, co.course_status_id, c.starts_at > now() as not_started
        from classes c join courses co on co.course_id = c.course_id
       where c.class_id = any(${classIds}::int[])
       order by c.class_id
         for update of c
    ), locked_lines as (
      select a.class_id, a.student_id, a.status_id, a.version
        from class_attendance a
        join unnest(${lines.map((l) => l.classId)}::int[], ${lines.map((l) => l.studentId)}::int[]) as k(class_id, student_id)
          on a.class_id = k.class_id and a.student_id = k.student_id
       where a.class_id = any(array(select class_id from cls where ${visibleTo.isAdmin}::boolean or teacher_id = ${visibleTo.teacherId}::int))
       order by a.class_id, a.student_id
         for update of a
    )
    select class_id, teacher_id, status_id, course_status_id, not_started, null::int as student_id, null::int as version from cls
    union all
    select class_id, null, status_id, null, null, student_id, version from locked_lines`.execute(db);
  const classes: MarkingClass[] = [];
  const locked = new Map<string, LineState>();
  for (const r of rows) {
    if (r.studentId === null) classes.push({ classId: r.classId, teacherId: r.teacherId, statusId: r.statusId, courseStatusId: r.courseStatusId, notStarted: r.notStarted });
    else locked.set(lineKey({ classId: r.classId, studentId: r.studentId }), { statusId: r.statusId, version: r.version as number });
  }
  return { classes, lines: locked };
}

/**
 * Locks what it can of these register lines and their classes' rows, waiting for nothing (skip
 * locked): answers the classes and the lines (by lineKey) another transaction holds. A line or
 * class that is not there is not held (the marks are refused by the rules as usual).
 * A line is locked only with its class, as markAttendance locks them (class, then lines): a probe
 * that took the lines of a class another push held would leave that push waiting for them while
 * this one, its first change waiting for the class, waited for it: a deadlock, found by the
 * PostgreSQL log during the 3-server push bench (one a second, each costing deadlock_timeout).
 * The lines of a held class count as held.
 */
export async function heldRegisterRows(
  db: Kysely<DB>, lines: LineKey[], settings: Record<string, string> = {},
): Promise<{ classes: Set<number>; lines: Set<string> }> {
  const classIds = [...new Set(lines.map((l) => l.classId))];
  // settings: transaction-local settings (set_config(..., true)) for what the caller runs next,
  // set by this statement rather than by a round trip of their own each.
  const { rows } = await sql<{ freeClasses: number[]; existingClasses: number[]; freeLines: string[]; existingLines: string[] }>`
    with wanted as (select * from unnest(${lines.map((l) => l.classId)}::int[], ${lines.map((l) => l.studentId)}::int[]) as k(class_id, student_id)),
         cls as (select class_id from classes where class_id = any(${classIds}::int[]) for update skip locked),
         free as (select a.class_id, a.student_id from class_attendance a join wanted w on a.class_id = w.class_id and a.student_id = w.student_id
                  where a.class_id in (select class_id from cls)
                  for update of a skip locked)
    select array(select class_id from cls) as free_classes,
           array(select class_id from classes where class_id = any(${classIds}::int[])) as existing_classes,
           array(select class_id || ':' || student_id from free) as free_lines,
           array(select a.class_id || ':' || a.student_id from class_attendance a
                 join wanted w on a.class_id = w.class_id and a.student_id = w.student_id) as existing_lines,
           array(select set_config(s.name, s.value, true)
                   from unnest(${Object.keys(settings)}::text[], ${Object.values(settings)}::text[]) as s(name, value)) as settings`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the held-rows probe answered no row');
  const freeClasses = new Set(row.freeClasses);
  const freeLines = new Set(row.freeLines);
  return {
    classes: new Set(row.existingClasses.filter((id) => !freeClasses.has(id))),
    lines: new Set(row.existingLines.filter((key) => !freeLines.has(key))),
  };
}

/** The update that writes marks (each line at most once), the only place a mark is written. */
const writeMarks = (marks: (LineKey & { statusId: number })[], userId: number) => sql`
  update class_attendance a
  set status_id = k.status_id, is_override = false,
      marked_at = case when k.status_id <> ${sql.lit(AttendanceStatus.Pending)} then now() end,
      marked_by = case when k.status_id <> ${sql.lit(AttendanceStatus.Pending)} then ${userId}::int end
  from unnest(${marks.map((m) => m.classId)}::int[], ${marks.map((m) => m.studentId)}::int[], ${marks.map((m) => m.statusId)}::int[])
    as k(class_id, student_id, status_id)
  where a.class_id = k.class_id and a.student_id = k.student_id
  returning a.class_id, a.student_id, a.status_id, a.version`;

/** Marks lines (each at most once) in one statement; answers each line's new version by lineKey. */
export async function saveMarks(db: Kysely<DB>, marks: (LineKey & { statusId: number })[], userId: number): Promise<Map<string, number>> {
  if (marks.length === 0) return new Map();
  const { rows } = await sql<LineKey & { version: number }>`${writeMarks(marks, userId)}`.execute(db);
  if (rows.length !== marks.length) throw new Error(`saveMarks updated ${rows.length} of ${marks.length} locked lines`);
  return new Map(rows.map((r) => [lineKey(r), r.version]));
}

/**
 * After marking: storedStatusAfterMarking (shared-types class-status-rules) in one statement for
 * any number of classes; answers each class's shown status and whether everyone is marked.
 */
export async function refreshClassStatuses(db: Kysely<DB>, classIds: number[]): Promise<MarkedClass[]> {
  return (await saveMarksAndRefreshClasses(db, [], 0, classIds)).classes;
}

/**
 * saveMarks and refreshClassStatuses in one statement (a round trip less for every marking):
 * the lines (each at most once) written, their versions by lineKey, and the status of these
 * classes, which must include the marks' classes, recomputed from their lines as the marks leave
 * them. The lines' triggers run at the statement's end, after the classes' status is stored;
 * none of them reads a status that marking changes (it moves a class between taught statuses).
 */
export async function saveMarksAndRefreshClasses(
  db: Kysely<DB>, marks: (LineKey & { statusId: number })[], userId: number, classIds: number[],
): Promise<{ versions: Map<string, number>; classes: MarkedClass[] }> {
  const ids = [...new Set([...classIds, ...marks.map((m) => m.classId)])].sort((a, b) => a - b);
  if (ids.length === 0) return { versions: new Map(), classes: [] };
  // The outer select reads classes and lines as they were before the updates (one snapshot per
  // statement): a line's status and a class's stored status and version come from the updates'
  // returning where they wrote the row.
  const saved = marks.length > 0
    ? writeMarks(marks, userId)
    : sql`select null::int as class_id, null::int as student_id, null::int as status_id, null::int as version where false`;
  const everyone = everyoneMarkedSql(sql`counts.lines`, sql`counts.pending`);
  const { rows } = await sql<{ classId: number; studentId: number | null; seriesStatusId: number | null; allMarked: boolean | null; version: number }>`
    with saved as (${saved}),
    counts as (
      select k.class_id, count(*) filter (where coalesce(s.status_id, a.status_id) <> ${sql.lit(AttendanceStatus.NotEnrolled)}) as lines,
             count(*) filter (where coalesce(s.status_id, a.status_id) = ${sql.lit(AttendanceStatus.Pending)}) as pending
      from unnest(${ids}::int[]) as k(class_id) left join class_attendance a on a.class_id = k.class_id
      left join saved s on s.class_id = a.class_id and s.student_id = a.student_id
      group by k.class_id
    ),
    stored as (
      update classes set status_id = ${storedStatusAfterMarkingSql(everyone)}
      from counts where classes.class_id = counts.class_id and classes.status_id in ${RECOMPUTED_BY_MARKING}
      returning classes.class_id, classes.status_id, classes.version
    ),
    now_stored as (
      select c.class_id, coalesce(s.status_id, c.status_id) as status_id, c.ends_at, coalesce(s.version, c.version) as version,
             ${everyone} as all_marked
      from counts join classes c on c.class_id = counts.class_id left join stored s on s.class_id = c.class_id
    )
    select class_id, null::int as student_id, ${derivedClassStatus('now_stored')} as series_status_id, all_marked, version from now_stored
    union all
    select class_id, student_id, null, null, version from saved`.execute(db);
  const classes: MarkedClass[] = [];
  const versions = new Map<string, number>();
  for (const r of rows) {
    if (r.studentId !== null) versions.set(lineKey({ classId: r.classId, studentId: r.studentId }), r.version);
    else classes.push({ classId: r.classId, seriesStatusId: r.seriesStatusId as number, allMarked: r.allMarked as boolean, version: r.version });
  }
  if (versions.size !== marks.length) throw new Error(`saveMarks updated ${versions.size} of ${marks.length} locked lines`);
  return { versions, classes: classes.sort((a, b) => a.classId - b.classId) };
}
