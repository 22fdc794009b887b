import { CLIENT_OTHER_USER_MESSAGE, WINDOW_WEEKS_AHEAD, WINDOW_WEEKS_BACK } from '@rollbook/shared-types/sync';
import { CHANGE_MARK } from '../../../../api/src/modules/sync/pull.repository.js';
import { changedSinceCursor, syncLineFields, syncPlaceFields, syncStudentFields } from '../../../../api/src/modules/sync/sync-json.js';
import { decodeCursor, encodeCursor, syncWindow, windowInstants } from '../../../../api/src/modules/sync/sync-cursor.js';
import { CLASS_ROW, classItemFields } from '../../../../api/src/modules/classes/class-json.js';
import { COURSE_ROW, courseItemFields } from '../../../../api/src/modules/courses/course-json.js';
import type { Queryable } from './ideal-query.js';

// A teacher's pull with a usable cursor (the bench's "pull after one change"), as one statement:
// it binds the phone's clientId, reads the change mark (pull.repository.ts's CHANGE_MARK: the
// sequence and the horizon of running writers) from its own snapshot, and builds every part of the
// answer: the teacher's classes in the window that changed (or whose register, course or teacher
// did, that entered the window or ended since the last pull), their register lines, the changed
// courses and their places, the students, and what the phone must drop. The cursor and window are
// the API's own pure functions (sync-cursor.ts); a first or unusable cursor (a full pull) is not
// on the path, and the ideal refuses it (as it refuses a cursor from before a restore).

const CHANGED = changedSinceCursor;

const PULL = `
with ins as (
  insert into sync_clients (client_id, user_id) values ($10, $11) on conflict (client_id) do nothing returning user_id
), seen as (
  update sync_clients set last_seen_at = now() where client_id = $10 and user_id = $11 and last_seen_at < now() - interval '10 minutes'
), mark as (${CHANGE_MARK}
), gone_lines as (
  select distinct (tb.row_key ->> 'class_id')::int as class_id from sync_tombstones tb
   where tb.table_name = 'class_attendance' and ${CHANGED('tb')}
), scope as (
  select c.class_id, c.course_id,
         (${CHANGED('c')} or ${CHANGED('co')} or ${CHANGED('t')} or c.starts_at < $6 or c.starts_at >= $7
           or (c.ends_at > $8 and c.ends_at <= $9)
           or exists (select 1 from class_attendance a where a.class_id = c.class_id and ${CHANGED('a')})
           or c.class_id in (select class_id from gone_lines)) as send
    from classes c join courses co on co.course_id = c.course_id join teachers t on t.teacher_id = c.teacher_id
   where c.teacher_id = $1 and c.starts_at >= $4 and c.starts_at < $5
), course_ids as (select distinct course_id from scope
), sent as (select class_id, course_id from scope where send
), changed_courses as (
  select co.course_id from courses co
   where co.course_id in (select course_id from course_ids) and (${CHANGED('co')}
     or exists (select 1 from classes c where c.course_id = co.course_id and (${CHANGED('c')}
       or (c.starts_at > $8 and c.starts_at <= $9) or (c.ends_at > $8 and c.ends_at <= $9)))
     or exists (select 1 from classes c join teachers t on t.teacher_id = c.teacher_id where c.course_id = co.course_id and ${CHANGED('t')})
     or exists (select 1 from enrolments e where e.course_id = co.course_id and ${CHANGED('e')})
     or exists (select 1 from sync_tombstones tb where tb.course_id = co.course_id and tb.table_name in ('classes', 'enrolments') and ${CHANGED('tb')}))
), send_courses as (select course_id from changed_courses union select course_id from sent
), scope_students as (
  select s.student_id, ${CHANGED('s')} as changed from students s
   where s.student_id = any(array(
     select e.student_id from enrolments e where e.course_id = any(array(select course_id from course_ids)) and e.status_id <> 0
     union
     select a.student_id from class_attendance a where a.class_id = any(array(select class_id from scope)) and a.status_id <> 0))
), lines as (
  select a.class_id, a.student_id, a.status_id, a.version from class_attendance a
   where a.class_id = any(array(select class_id from sent)) and a.status_id <> 0
), places as (
  select e.course_id, e.student_id, e.status_id from enrolments e
   where e.course_id = any(array(select course_id from send_courses)) and e.status_id <> 0
), candidates as (
  select c.class_id, c.course_id, true as mine from classes c where c.teacher_id = $1 and ${CHANGED('c')}
  union
  select c.class_id, c.course_id, true from classes c where c.teacher_id = $1 and c.starts_at >= $6 and c.starts_at < $7
  union
  select h.class_id, h.course_id, false from sync_class_handovers h where h.from_teacher_id = $1 and ${CHANGED('h')}
  union
  select (tb.row_key ->> 'class_id')::int, tb.course_id, true from sync_tombstones tb
   where tb.table_name = 'classes' and tb.teacher_id = $1 and ${CHANGED('tb')}
), gone as (select * from candidates where class_id not in (select class_id from scope)
), removed_places as (
  select e.course_id, e.student_id from enrolments e
   where e.course_id = any(array(select course_id from course_ids)) and e.status_id = 0 and ${CHANGED('e')}
  union
  select tb.course_id, tb.student_id from sync_tombstones tb
   where tb.table_name = 'enrolments' and tb.course_id in (select course_id from course_ids) and ${CHANGED('tb')}
), removed_lines as (
  select a.class_id, a.student_id from class_attendance a
   where a.class_id = any(array(select class_id from scope)) and a.status_id = 0 and ${CHANGED('a')}
  union
  select (tb.row_key ->> 'class_id')::int, (tb.row_key ->> 'student_id')::int from sync_tombstones tb
   where tb.table_name = 'class_attendance' and (tb.row_key ->> 'class_id')::int in (select class_id from scope) and ${CHANGED('tb')}
), leaving as (
  select student_id from removed_lines
  union select student_id from removed_places where course_id is not null and student_id is not null
  union select a.student_id from class_attendance a where a.class_id in (select class_id from gone where mine) and a.status_id <> 0
  union select tb.student_id from sync_tombstones tb
   where tb.table_name = 'class_attendance' and (tb.row_key ->> 'class_id')::int in (select class_id from gone where mine) and ${CHANGED('tb')}
), sent_students as (
  select student_id from scope_students
   where changed or student_id in (select student_id from lines union select student_id from places)
)
select coalesce((select user_id from ins), (select user_id from sync_clients where client_id = $10)) as user_id,
       (select seq from mark) as seq, (select xmin from mark) as xmin, (select epoch from mark) as epoch,
       json_build_object(
  'classes', coalesce((select json_agg(json_build_object(${classItemFields('c')}, 'scheduleVersion', c.schedule_version)
      order by c.starts_at, c.class_id)
    from (select ${CLASS_ROW} from classes c join courses co on co.course_id = c.course_id where c.class_id = any(array(select class_id from sent))) c), '[]'),
  'attendance', coalesce((select json_agg(json_build_object(${syncLineFields('l')})
    order by l.class_id, l.student_id) from lines l), '[]'),
  'courses', coalesce((select json_agg(json_build_object(${courseItemFields('c')}) order by c.course_id)
    from (select ${COURSE_ROW} where co.course_id = any(array(select course_id from send_courses))) c), '[]'),
  'enrolments', coalesce((select json_agg(json_build_object(${syncPlaceFields('e')})
    order by e.course_id, e.student_id) from places e), '[]'),
  'students', coalesce((select json_agg(json_build_object(${syncStudentFields('s')})
    order by s.last_name, s.first_name, s.student_id) from students s where s.student_id = any(array(select student_id from sent_students))), '[]'),
  'removed', json_build_object(
    'classIds', coalesce((select json_agg(distinct class_id) from gone), '[]'),
    'attendance', coalesce((select json_agg(json_build_object('classId', class_id, 'studentId', student_id) order by class_id, student_id) from removed_lines), '[]'),
    'courseIds', coalesce((select json_agg(distinct course_id) from gone where course_id not in (select course_id from course_ids)), '[]'),
    'enrolments', coalesce((select json_agg(json_build_object('courseId', course_id, 'studentId', student_id) order by course_id, student_id)
      from removed_places where course_id is not null and student_id is not null), '[]'),
    'studentIds', coalesce((select json_agg(student_id order by student_id) from leaving
      where student_id is not null and student_id not in (select student_id from scope_students)), '[]'))
)::text as body`;

export interface PullCaller {
  userId: number;
  teacherId: number;
}

/** The pull's JSON answer text for a teacher whose phone holds the cursor `since`. */
export async function idealTeacherPull(pool: Queryable, caller: PullCaller, clientId: string, since: string, now = new Date()): Promise<string> {
  const previous = decodeCursor(since, caller.userId, now);
  if (!previous) throw new Error('The ideal pull covers a pull with a usable cursor; this one would be a full pull');
  const window = syncWindow(now, WINDOW_WEEKS_BACK, WINDOW_WEEKS_AHEAD);
  const range = windowInstants(window);
  const held = windowInstants(previous.window);
  const { rows: [row] } = await pool.query<{ user_id: number | null; seq: string; xmin: string; epoch: string; body: string }>({
    name: 'ideal_teacher_pull',
    text: PULL,
    values: [caller.teacherId, previous.seq, previous.xmin, range.from, range.to, held.from, held.to, new Date(previous.at), now, clientId, caller.userId],
  });
  if (!row) throw new Error('The ideal pull returned no row');
  if (row.user_id !== caller.userId) throw new Error(CLIENT_OTHER_USER_MESSAGE);
  // A cursor of another epoch (taken before a restore) gets a full pull: not the path measured.
  if (row.epoch !== previous.epoch) throw new Error('The ideal pull covers a cursor of this database epoch; this one would be a full pull');
  const cursor = encodeCursor({ userId: caller.userId, epoch: row.epoch, seq: Number(row.seq), xmin: row.xmin, window, at: now.getTime(), base: previous.base });
  const head = JSON.stringify({ cursor, reset: false, serverTime: now.toISOString(), window });
  return `${head.slice(0, -1)},${row.body.slice(1)}`;
}
