import { answerOf, type Queryable } from './ideal-query.js';

// GetTeachersUnmarkedClassCount with page and pageSize (the admin dashboard's panel of teachers
// with classes to mark, one page): the classes requiring marking (stored Scheduled 1 or Requires
// marking 2, ended: a range of classes_status_ends_idx) counted per teacher; the page of those
// teachers, most such classes first, then by lower-cased last name and id, with their names and
// avatar's image; how many teachers have any; the page and its size.

const UNMARKED_TEACHERS = `
with unmarked as (
  select teacher_id, count(*)::int as n
    from classes
   where status_id in (1, 2) and ends_at <= now()
   group by teacher_id
), page as (
  select u.teacher_id, u.n, t.first_name, t.last_name, t.avatar_id
    from unmarked u join teachers t on t.teacher_id = u.teacher_id
   order by u.n desc, lower(t.last_name), u.teacher_id
   limit $2::int offset ($1::int - 1) * $2::int
)
select json_build_object(
  'teachers', coalesce((select json_agg(json_build_object(
    'teacherId', p.teacher_id, 'firstName', p.first_name, 'lastName', p.last_name,
    'avatar', (select a.image_name from avatars a where a.avatar_id = p.avatar_id), 'count', p.n
  ) order by p.n desc, lower(p.last_name), p.teacher_id) from page p), '[]'),
  'total', (select count(*)::int from unmarked),
  'page', $1::int, 'pageSize', $2::int
)::text as answer`;

/** Page `page` (of `pageSize`) of the teachers with classes requiring marking, most first. */
export function idealUnmarkedTeachers(pool: Queryable, page: number, pageSize: number): Promise<string> {
  return answerOf(pool, 'ideal_dashboard_unmarked_teachers', UNMARKED_TEACHERS, [page, pageSize]);
}
