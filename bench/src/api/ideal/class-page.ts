import { CLASS_ROW, classItemFields } from '../../../../api/src/modules/classes/class-json.js';
import { answerOf, type Queryable } from './ideal-query.js';

// GetByFilter with timePeriod M and page 1 (the admin's classes of the month, first page): the
// month's first pageSize classes by start and id, with their names, London-time strings, register
// sizes and derived status; the heading; the page info and the cursor of the next page (the last
// row's start and id, as base64url JSON) when one more class follows; the classes of the month and
// the students on their registers, summed from the per-day totals kept with every change.

const CLASS_PAGE = `
with period as (
  select date_trunc('month', now() at time zone 'Europe/London') as first_day
), range as (
  select first_day at time zone 'Europe/London' as from_at, (first_day + interval '1 month') at time zone 'Europe/London' as to_at,
         first_day::date as from_day, (first_day + interval '1 month')::date as to_day,
         to_char(first_day, 'FMMonth YYYY') as label
    from period
), picked as (
  select ${CLASS_ROW}
    from classes c join courses co on co.course_id = c.course_id
   where c.starts_at >= (select from_at from range) and c.starts_at < (select to_at from range)
   order by c.starts_at, c.class_id
   limit $1::int + 1
), page as (
  select * from picked order by starts_at, class_id limit $1::int
), last as (
  select starts_at, class_id from page order by starts_at desc, class_id desc limit 1
), totals as (
  select coalesce(sum(d.class_count), 0)::int as total, coalesce(sum(d.register_count), 0)::int as student_total
    from class_day_totals d where d.day >= (select from_day from range) and d.day < (select to_day from range)
)
select json_build_object(
  'classes', coalesce((select json_agg(json_build_object(
    ${classItemFields('c')}
  ) order by c.starts_at, c.class_id) from page c), '[]'),
  'datesSelected', (select label from range),
  'total', (select total from totals),
  'studentTotal', (select student_total from totals),
  'page', 1, 'pageSize', $1::int, 'sort', 'date', 'dir', 'asc',
  'next', case when (select count(*) from picked) > $1::int then (
    select translate(rtrim(replace(encode(convert_to(
      '["date","asc","' || to_char(last.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '",' || last.class_id || ']',
      'UTF8'), 'base64'), E'\\n', ''), '='), '+/', '-_') from last) end
)::text as answer`;

/** The first page (pageSize classes) of this London month's classes, everyone's. */
export function idealClassPage(pool: Queryable, pageSize: number): Promise<string> {
  return answerOf(pool, 'ideal_class_page', CLASS_PAGE, [pageSize]);
}
