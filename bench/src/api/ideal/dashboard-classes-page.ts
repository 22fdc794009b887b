import { answerOf, type Queryable } from './ideal-query.js';

// GetClassesThisWeek with period M and a page size (the admin dashboard's panel of this month's
// classes, first page): this London month's first pageSize classes that teach (not Archived 4 or
// Suspended 5), by start and id, through classes_starts_order_idx, with their course, subject,
// level, company and teacher names, London date and times, derived status and register size (lines
// other than Not enrolled 0 and Not student 6); the period, its first and last days and label; the
// total, summed from the classes kept per day (dashboard_class_counts); the page info and the
// cursor of the next page (the last row's start and id, as base64url JSON) when one more class follows.

const DASHBOARD_CLASSES_PAGE = `
with period as (
  select date_trunc('month', now() at time zone 'Europe/London') as first_day
), range as (
  select first_day at time zone 'Europe/London' as from_at, (first_day + interval '1 month') at time zone 'Europe/London' as to_at,
         first_day::date as from_day, (first_day + interval '1 month' - interval '1 day')::date as to_day
    from period
), picked as (
  select c.class_id, c.course_id, c.teacher_id, c.class_length, c.status_id, c.starts_at, c.ends_at
    from classes c
   where c.starts_at >= (select from_at from range) and c.starts_at < (select to_at from range)
     and c.status_id not in (4, 5)
   order by c.starts_at, c.class_id
   limit $1::int + 1
), page as (
  select * from picked order by starts_at, class_id limit $1::int
), last as (
  select starts_at, class_id from page order by starts_at desc, class_id desc limit 1
)
select json_build_object(
  'period', 'M',
  'from', (select to_char(from_day, 'YYYY-MM-DD') from range),
  'to', (select to_char(to_day, 'YYYY-MM-DD') from range),
  'datesSelected', (select to_char(from_day, 'DD/MM/YYYY') || ' - ' || to_char(to_day, 'DD/MM/YYYY') from range),
  'classes', coalesce((select json_agg(json_build_object(
    'classId', c.class_id, 'courseId', c.course_id, 'title', co.title, 'subject', s.name, 'subjectColor', s.color,
    'level', l.name, 'company', (select x.name from companies x where x.company_id = co.company_id),
    'teacherId', c.teacher_id, 'teacher', (select t.first_name || ' ' || t.last_name from teachers t where t.teacher_id = c.teacher_id),
    'classDate', to_char(c.starts_at at time zone 'Europe/London', 'YYYY-MM-DD'),
    'classDateString', to_char(c.starts_at at time zone 'Europe/London', 'DD/MM/YYYY'),
    'time', to_char(c.starts_at at time zone 'Europe/London', 'HH24:MI'),
    'endTime', to_char(c.ends_at at time zone 'Europe/London', 'HH24:MI'),
    'classLength', c.class_length,
    'statusId', case when c.status_id in (0, 3, 4, 5, 6) then c.status_id::int when c.ends_at <= now() then 2 else 1 end,
    'studentCount', (select count(*)::int from class_attendance a where a.class_id = c.class_id and a.status_id not in (0, 6))
  ) order by c.starts_at, c.class_id)
    from page c
    join courses co on co.course_id = c.course_id
    join subjects s on s.subject_id = co.subject_id
    join course_levels l on l.course_level_id = co.course_level_id), '[]'),
  'total', (select coalesce(sum(k.classes), 0)::int from dashboard_class_counts k
             where k.day >= (select from_day from range) and k.day <= (select to_day from range)),
  'page', 1, 'pageSize', $1::int,
  'next', case when (select count(*) from picked) > $1::int then (
    select translate(rtrim(replace(encode(convert_to(
      '["date","asc","' || to_char(last.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '",' || last.class_id || ']',
      'UTF8'), 'base64'), E'\\n', ''), '='), '+/', '-_') from last) end
)::text as answer`;

/** The first page (pageSize classes) of the dashboard's classes of this London month. */
export function idealDashboardClassesPage(pool: Queryable, pageSize: number): Promise<string> {
  return answerOf(pool, 'ideal_dashboard_classes_page', DASHBOARD_CLASSES_PAGE, [pageSize]);
}
