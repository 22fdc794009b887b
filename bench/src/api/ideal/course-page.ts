import { COURSE_ROW, courseItemFields } from '../../../../api/src/modules/courses/course-json.js';
import { answerOf, type Queryable } from './ideal-query.js';

// The admin's courses list as its screen first asks for it (a status and a subject, archived left
// out, one page in the default order: newest start first, then the newest id): the page's ids cut
// first from the courses alone, the figures worked out for those rows only, and the total of every
// match, with the page, its size and the order it is in.

const COURSE_PAGE = `
with picked as (
  select co.course_id from courses co
   where co.course_status_id = $1 and co.subject_id = $2 and co.course_status_id <> 4
   order by co.start_date desc, co.course_id desc
   limit $4 offset ($3::int - 1) * $4::int
), page as (
  select ${COURSE_ROW}
   where co.course_id in (select course_id from picked)
)
select json_build_object(
  'courses', coalesce((select json_agg(json_build_object(
    ${courseItemFields('c')}
  ) order by c.start_date desc, c.course_id desc) from page c), '[]'),
  'total', (select count(*) from courses co where co.course_status_id = $1 and co.subject_id = $2 and co.course_status_id <> 4),
  'page', $3::int, 'pageSize', $4::int, 'sort', 'startDate', 'dir', 'desc'
)::text as answer`;

/** Page `page` (from 1) of `pageSize` courses of one status and subject, archived left out. */
export function idealCoursePage(pool: Queryable, statusId: number, subjectId: number, page: number, pageSize: number): Promise<string> {
  return answerOf(pool, 'ideal_course_page', COURSE_PAGE, [statusId, subjectId, page, pageSize]);
}
