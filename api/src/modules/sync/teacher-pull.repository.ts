import { AttendanceStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { CLASS_ROW, classItemFields } from '../classes/class-json.js';
import { COURSE_ROW, courseItemFields } from '../courses/course-json.js';
import { CHANGE_MARK, type ChangeMark, type Range } from './pull.repository.js';
import { changedSinceCursor, syncLineFields, syncPlaceFields, syncStudentFields } from './sync-json.js';

// A teacher's pull with a usable cursor (what a phone asks every few seconds) as one statement:
// the change mark, the teacher's classes in the window and which of them the phone needs again,
// the changed courses, places and students, what left the scope, and the answer's JSON, built by
// PostgreSQL. The rules are pull.repository.ts's (read it for why each part is there), written for
// one statement: sent one statement per set, with the rows mapped in Node, a pull cost a dozen
// round trips and ~10 ms of Node CPU for an answer of a few KB (scale 100).
//
// Everything is reached from the teacher: their classes in the window (teacher_id, starts_at),
// their few courses and their own teacher row once each (not once per class: that was a quarter
// of the statement's buffer reads), the register lines and places of those classes and courses
// (primary keys), their students; and
// for what left, their changed classes (teacher_id, change_seq), their hand-overs and the
// tombstones since the cursor (change_seq, change_xid). Each set is read once (materialized) and
// reused, so the statement costs the teacher's window, not the school's size. One statement also
// needs no transaction: its snapshot is the change mark's. The installation's row is read here
// too; binding a new one is the caller's (a write, before this read-only statement).

const NOT_ENROLLED = AttendanceStatus.NotEnrolled;
const NO_PLACE = EnrolmentStatus.None;

const ch = changedSinceCursor;

// $1 teacher, $2 seq, $3 horizon, $4/$5 the window, $6/$7 the window the phone holds,
// $8 the last pull's time, $9 now, $10 the installation.
const TEACHER_PULL = `
with mark as (${CHANGE_MARK}
), mine as materialized (
  select c.class_id, c.course_id,
         (${ch('c')} or c.starts_at < $6 or c.starts_at >= $7 or (c.ends_at > $8 and c.ends_at <= $9)) as changed
    from classes c where c.teacher_id = $1 and c.starts_at >= $4 and c.starts_at < $5
), course_ids as materialized (
  select distinct course_id from mine
), changed_course_rows as materialized (
  select co.course_id from courses co where co.course_id = any(array(select course_id from course_ids)) and ${ch('co')}
), lines as materialized (
  select a.class_id, a.student_id, a.status_id, a.version, ${ch('a')} as changed
    from class_attendance a where a.class_id = any(array(select class_id from mine))
), tombs as materialized (
  select tb.table_name, tb.row_key, tb.course_id, tb.student_id, tb.teacher_id from sync_tombstones tb where ${ch('tb')}
), line_tombs as materialized (
  select (row_key ->> 'class_id')::int as class_id, (row_key ->> 'student_id')::int as key_student_id, student_id
    from tombs where table_name = 'class_attendance'
), sent as materialized (
  select class_id, course_id from mine
   where changed or exists (select 1 from teachers t where t.teacher_id = $1 and ${ch('t')})
      or course_id in (select course_id from changed_course_rows)
      or class_id in (select class_id from lines where changed) or class_id in (select class_id from line_tombs)
), places as materialized (
  select e.course_id, e.student_id, e.status_id, ${ch('e')} as changed
    from enrolments e where e.course_id = any(array(select course_id from course_ids))
), send_courses as materialized (
  select co.course_id from courses co
   where co.course_id = any(array(select course_id from course_ids)) and (co.course_id in (select course_id from changed_course_rows)
     or exists (select 1 from classes c where c.course_id = co.course_id and (${ch('c')}
       or (c.starts_at > $8 and c.starts_at <= $9) or (c.ends_at > $8 and c.ends_at <= $9)))
     or exists (select 1 from classes c join teachers t on t.teacher_id = c.teacher_id where c.course_id = co.course_id and ${ch('t')})
     or co.course_id in (select course_id from places where changed)
     or co.course_id in (select course_id from tombs where table_name in ('classes', 'enrolments')))
  union
  select course_id from sent
), scope_students as materialized (
  select s.student_id, ${ch('s')} as changed from students s
   where s.student_id = any(array(
     select student_id from places where status_id <> ${NO_PLACE}
     union
     select student_id from lines where status_id <> ${NOT_ENROLLED}))
), sent_lines as materialized (
  select class_id, student_id, status_id, version from lines
   where status_id <> ${NOT_ENROLLED} and class_id in (select class_id from sent)
), sent_places as materialized (
  select course_id, student_id, status_id from places
   where status_id <> ${NO_PLACE} and course_id in (select course_id from send_courses)
), gone as materialized (
  select class_id, course_id, mine from (
    select c.class_id, c.course_id, true as mine from classes c where c.teacher_id = $1 and ${ch('c')}
    union
    select c.class_id, c.course_id, true from classes c where c.teacher_id = $1 and c.starts_at >= $6 and c.starts_at < $7
    union
    select h.class_id, h.course_id, false from sync_class_handovers h where h.from_teacher_id = $1 and ${ch('h')}
    union
    select (row_key ->> 'class_id')::int, course_id, true from tombs where table_name = 'classes' and teacher_id = $1
  ) candidates
  where class_id not in (select class_id from mine)
), removed_places as materialized (
  select course_id, student_id from places where status_id = ${NO_PLACE} and changed
  union
  select course_id, student_id from tombs
   where table_name = 'enrolments' and course_id in (select course_id from course_ids) and student_id is not null
), removed_lines as materialized (
  select class_id, student_id from lines where status_id = ${NOT_ENROLLED} and changed
  union
  select class_id, key_student_id from line_tombs where class_id in (select class_id from mine)
), leaving as (
  select student_id from removed_lines
  union
  select student_id from removed_places
  union
  select a.student_id from class_attendance a
   where a.class_id = any(array(select class_id from gone where mine)) and a.status_id <> ${NOT_ENROLLED}
  union
  select student_id from line_tombs where class_id in (select class_id from gone where mine)
)
select mark.seq, mark.xmin, mark.epoch,
  (select user_id from sync_clients where client_id = $10) as client_user_id,
  (select last_seen_at from sync_clients where client_id = $10) as client_last_seen_at,
  json_build_object(
  'classes', coalesce((select json_agg(json_build_object(${classItemFields('c')}, 'scheduleVersion', c.schedule_version)
      order by c.starts_at, c.class_id)
    from (select ${CLASS_ROW} from classes c join courses co on co.course_id = c.course_id
           where c.class_id = any(array(select class_id from sent))) c), '[]'),
  'attendance', coalesce((select json_agg(json_build_object(${syncLineFields('l')})
    order by l.class_id, l.student_id) from sent_lines l), '[]'),
  'courses', coalesce((select json_agg(json_build_object(${courseItemFields('c')}) order by c.course_id)
    from (select ${COURSE_ROW} where co.course_id = any(array(select course_id from send_courses))) c), '[]'),
  'enrolments', coalesce((select json_agg(json_build_object(${syncPlaceFields('e')})
    order by e.course_id, e.student_id) from sent_places e), '[]'),
  'students', coalesce((select json_agg(json_build_object(${syncStudentFields('s')})
    order by s.last_name, s.first_name, s.student_id)
    from students s where s.student_id = any(array(
      select student_id from scope_students where changed
      union select student_id from sent_lines
      union select student_id from sent_places))), '[]'),
  'removed', json_build_object(
    'classIds', coalesce((select json_agg(distinct class_id) from gone), '[]'),
    'attendance', coalesce((select json_agg(json_build_object('classId', class_id, 'studentId', student_id) order by class_id, student_id)
      from removed_lines), '[]'),
    'courseIds', coalesce((select json_agg(distinct course_id) from gone
      where course_id is not null and course_id not in (select course_id from course_ids)), '[]'),
    'enrolments', coalesce((select json_agg(json_build_object('courseId', course_id, 'studentId', student_id) order by course_id, student_id)
      from removed_places where course_id is not null and student_id is not null), '[]'),
    'studentIds', coalesce((select json_agg(student_id order by student_id) from leaving
      where student_id is not null and student_id not in (select student_id from scope_students)), '[]'))
)::text as body
from mark`;

export interface TeacherPullRead {
  mark: ChangeMark;
  /** The installation's user and when it last pulled; null when it is not bound yet. */
  client: { userId: number; lastSeenAt: Date } | null;
  /** The answer's classes, attendance, courses, enrolments, students and removed, as a JSON object's text. */
  body: string;
}

interface Row {
  seq: number;
  xmin: string;
  epoch: string;
  clientUserId: number | null;
  clientLastSeenAt: Date | null;
  body: string;
}

export async function readTeacherPull(
  db: Kysely<DB>,
  p: { teacherId: number; since: ChangeMark; window: Range; held: Range; lastAt: Date; now: Date; clientId: string },
): Promise<TeacherPullRead> {
  const { rows: [row] } = await db.executeQuery<Row>(CompiledQuery.raw(TEACHER_PULL, [
    p.teacherId, p.since.seq, p.since.xmin, p.window.from, p.window.to, p.held.from, p.held.to, p.lastAt, p.now, p.clientId,
  ]));
  if (!row?.epoch) throw new Error('could not read the change mark');
  return {
    mark: { epoch: row.epoch, seq: Number(row.seq), xmin: row.xmin },
    client: row.clientUserId === null || row.clientLastSeenAt === null ? null : { userId: row.clientUserId, lastSeenAt: row.clientLastSeenAt },
    body: row.body,
  };
}
