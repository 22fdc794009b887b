import type { MarkedClass } from '@rollbook/shared-types/attendance';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus } from '../classes/class-status.js';

/** The classes being marked with what the rules need, locked in id order (no deadlocks between two markers). */
export async function lockClassesForMarking(db: Kysely<DB>, classIds: number[]) {
  if (classIds.length === 0) return [];
  return db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .select(['classes.classId', 'classes.teacherId', 'classes.statusId', 'courses.courseStatusId', sql<boolean>`classes.starts_at > now()`.as('notStarted')])
    .where('classes.classId', 'in', classIds)
    .orderBy('classes.classId')
    .forUpdate('classes')
    .execute();
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
 * The register lines, locked in one statement and in (class, student) order, by lineKey. A push of
 * 50 marks locked them one statement each: the API's event loop spent more time sending those
 * statements than PostgreSQL spent running them. Lines that are not there are missing from the map.
 */
export async function lockRegisterLines(db: Kysely<DB>, lines: LineKey[]): Promise<Map<string, LineState>> {
  if (lines.length === 0) return new Map();
  const { rows } = await sql<LineKey & LineState>`
    select a.class_id, a.student_id, a.status_id, a.version
    from class_attendance a
    join unnest(${lines.map((l) => l.classId)}::int[], ${lines.map((l) => l.studentId)}::int[]) as k(class_id, student_id)
      on a.class_id = k.class_id and a.student_id = k.student_id
    order by a.class_id, a.student_id
    for update of a`.execute(db);
  return new Map(rows.map((r) => [lineKey(r), { statusId: r.statusId, version: r.version }]));
}

/**
 * Marks lines (each at most once) in one statement, the only place a mark is written; answers each
 * line's new version by lineKey.
 */
export async function saveMarks(db: Kysely<DB>, marks: (LineKey & { statusId: number })[], userId: number): Promise<Map<string, number>> {
  if (marks.length === 0) return new Map();
  const { rows } = await sql<LineKey & { version: number }>`
    update class_attendance a
    set status_id = k.status_id, is_override = false,
        marked_at = case when k.status_id <> 1 then now() end,
        marked_by = case when k.status_id <> 1 then ${userId}::int end
    from unnest(${marks.map((m) => m.classId)}::int[], ${marks.map((m) => m.studentId)}::int[], ${marks.map((m) => m.statusId)}::int[])
      as k(class_id, student_id, status_id)
    where a.class_id = k.class_id and a.student_id = k.student_id
    returning a.class_id, a.student_id, a.version`.execute(db);
  if (rows.length !== marks.length) throw new Error(`saveMarks updated ${rows.length} of ${marks.length} locked lines`);
  return new Map(rows.map((r) => [lineKey(r), r.version]));
}

/**
 * After marking: a class whose register has lines and none pending is stored as Marked (3), else
 * back to 1 (shown as Requires marking once it has ended). Lines at 0 "not enrolled" do not count.
 * Paid, archived and suspended classes keep their status. One statement for any number of classes.
 */
export async function refreshClassStatuses(db: Kysely<DB>, classIds: number[]): Promise<MarkedClass[]> {
  const ids = [...new Set(classIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  // The outer select reads classes as they were before the update (one snapshot per statement),
  // so the stored status and version come from the update's returning where it wrote the row.
  const { rows } = await sql<MarkedClass>`
    with counts as (
      select k.class_id, count(*) filter (where a.status_id <> 0) as lines, count(*) filter (where a.status_id = 1) as pending
      from unnest(${ids}::int[]) as k(class_id) left join class_attendance a on a.class_id = k.class_id
      group by k.class_id
    ),
    stored as (
      update classes set status_id = case when counts.lines > 0 and counts.pending = 0 then 3 else 1 end
      from counts where classes.class_id = counts.class_id and classes.status_id in (1, 2, 3)
      returning classes.class_id, classes.status_id, classes.version
    ),
    now_stored as (
      select c.class_id, coalesce(s.status_id, c.status_id) as status_id, c.ends_at, coalesce(s.version, c.version) as version,
             counts.lines > 0 and counts.pending = 0 as all_marked
      from counts join classes c on c.class_id = counts.class_id left join stored s on s.class_id = c.class_id
    )
    select class_id, ${derivedClassStatus('now_stored')} as series_status_id, all_marked, version from now_stored order by class_id`.execute(db);
  return rows;
}
