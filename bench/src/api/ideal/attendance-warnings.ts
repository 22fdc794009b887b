import { answerOf, type Queryable } from './ideal-query.js';

// The attendance warnings page the dashboard tile opens: students Enrolled on Active courses whose
// kept counts (student_course_attendance) are below the school's threshold (80% when none is
// set), lowest rate first, 50 a page, with the total and the threshold used. Whether the place is
// Enrolled on an Active course is kept beside the counts (enrolled_on_active, by triggers), and
// the listed rows are indexed by rate: the page and the total read that index only (`below` is
// not materialized, so each reads it in the index's order).

const PAGE_SIZE = 50;

const WARNINGS = `
with setting as (
  select coalesce((select attendance_threshold from school_settings limit 1), 80) as threshold
), below as not materialized (
  select t.student_id, t.course_id, t.attended, t.held
    from student_course_attendance t
   where t.enrolled_on_active and t.held > 0 and t.attended::numeric / t.held < (select threshold from setting)::numeric / 100
     and t.attended * 100 < (select threshold from setting) * t.held
), page as (
  select b.*, st.first_name, st.last_name, co.title
    from (select * from below order by attended::numeric / held, student_id, course_id
           limit ${PAGE_SIZE} offset ($1::int - 1) * ${PAGE_SIZE}) b
    join students st on st.student_id = b.student_id
    join courses co on co.course_id = b.course_id
)
select json_build_object(
  'warnings', coalesce((select json_agg(json_build_object(
    'studentId', p.student_id, 'firstName', p.first_name, 'lastName', p.last_name, 'courseId', p.course_id,
    'courseTitle', p.title, 'attended', p.attended, 'held', p.held, 'rate', (p.attended * 100 / p.held)::int
  ) order by p.attended::numeric / p.held, p.student_id, p.course_id) from page p), '[]'),
  'threshold', (select threshold from setting),
  'total', (select count(*) from below),
  'page', $1::int, 'pageSize', ${PAGE_SIZE}, 'sort', 'rate', 'dir', 'asc'
)::text as answer`;

/** Page `page` (from 1) of the warnings, lowest rate first. */
export function idealAttendanceWarnings(pool: Queryable, page: number): Promise<string> {
  return answerOf(pool, 'ideal_attendance_warnings', WARNINGS, [page]);
}
