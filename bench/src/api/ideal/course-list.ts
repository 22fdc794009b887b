import { COURSE_ROW, courseItemFields } from '../../../../api/src/modules/courses/course-json.js';
import { answerOf, type Queryable } from './ideal-query.js';

// The admin's courses list as the bench filters it (a status and a subject, archived left out, no
// paging): every matching course, newest start first, with its figures over its classes and its
// places, its teachers' names, and the total.

const COURSE_LIST = `
with picked as (
  select ${COURSE_ROW}
   where co.course_status_id = $1 and co.subject_id = $2 and co.course_status_id <> 4
)
select json_build_object(
  'courses', coalesce(json_agg(json_build_object(
    ${courseItemFields('c')}
  ) order by c.start_date desc nulls first, c.course_id desc), '[]'),
  'total', count(*)
)::text as answer
  from picked c`;

/** Courses of one status and subject, archived left out (the bench's filtered courses list). */
export function idealCourseList(pool: Queryable, statusId: number, subjectId: number): Promise<string> {
  return answerOf(pool, 'ideal_course_list', COURSE_LIST, [statusId, subjectId]);
}
