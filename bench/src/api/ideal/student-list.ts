import { answerOf, type Queryable } from './ideal-query.js';

// The admin's students list with no filter (every company, every status): one page of 100 by last
// name, first name and id, each with their company, their current courses (Enrolled on an Active
// course, as "subject|colour" by subject) and whether their login is enabled; the total, and the
// order the page is in (the list's default).

const PAGE_SIZE = 100;

const STUDENT_PAGE = `
with page as (
  select st.*,
         (select string_agg(s.name || '|' || s.color, ',' order by s.name)
            from enrolments e join courses co on co.course_id = e.course_id join subjects s on s.subject_id = co.subject_id
           where e.student_id = st.student_id and e.status_id = 1 and co.course_status_id = 2) as current_courses
    from students st
   order by lower(st.last_name), lower(st.first_name), st.student_id
   limit ${PAGE_SIZE} offset ($1::int - 1) * ${PAGE_SIZE}
)
select json_build_object(
  'students', coalesce((select json_agg(json_build_object(
    'studentId', p.student_id, 'firstName', p.first_name, 'lastName', p.last_name, 'email', p.email, 'mobile', p.mobile,
    'companyId', p.company_id, 'company', (select x.name from companies x where x.company_id = p.company_id),
    'currentCourses', coalesce(p.current_courses, ''),
    'statusId', case when coalesce(p.current_courses, '') <> '' then 1 else 0 end,
    'hasLogin', exists (select from users u where u.user_id = p.user_id and u.active)
  ) order by lower(p.last_name), lower(p.first_name), p.student_id) from page p), '[]'),
  'total', (select count(*) from students),
  'page', $1::int, 'pageSize', ${PAGE_SIZE}, 'sort', 'lastName', 'dir', 'asc'
)::text as answer`;

/** Page `page` (from 1) of every student. */
export function idealStudentPage(pool: Queryable, page: number): Promise<string> {
  return answerOf(pool, 'ideal_student_page', STUDENT_PAGE, [page]);
}
