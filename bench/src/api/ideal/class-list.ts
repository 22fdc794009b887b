import { CLASS_ROW, classItemFields } from '../../../../api/src/modules/classes/class-json.js';
import { answerOf, type Queryable } from './ideal-query.js';

// GetByFilter with timePeriod W or M and no paging (the teacher's week, the admin's classes of the
// month): the period's classes by start, at most 2,000, with their names, London-time strings,
// register sizes and derived status; the heading; the total (counted only past 2,000, as the API
// does, since below that it is the classes answered) and the students on their registers.

const CLASS_LIST = `
with period as (
  select date_trunc($1, now() at time zone 'Europe/London') as first_day, ('1 ' || $1)::interval as length
), range as (
  select first_day at time zone 'Europe/London' as from_at, (first_day + length) at time zone 'Europe/London' as to_at,
         case when $1 = 'week' then to_char(first_day, 'DD/MM/YYYY') || ' - ' || to_char(first_day + interval '6 days', 'DD/MM/YYYY')
              else to_char(first_day, 'FMMonth YYYY') end as label
    from period
), picked as (
  select ${CLASS_ROW}
    from classes c join courses co on co.course_id = c.course_id
   where c.starts_at >= (select from_at from range) and c.starts_at < (select to_at from range) and ($2::int is null or c.teacher_id = $2)
   order by c.starts_at, c.class_id
   limit 2000
)
select json_build_object(
  'classes', coalesce((select json_agg(json_build_object(
    ${classItemFields('c')}
  ) order by c.starts_at, c.class_id) from picked c), '[]'),
  'datesSelected', (select label from range),
  'total', case when (select count(*) from picked) < 2000 then (select count(*) from picked)
    else (select count(*) from classes c where c.starts_at >= (select from_at from range) and c.starts_at < (select to_at from range) and ($2::int is null or c.teacher_id = $2)) end,
  'studentTotal', coalesce((select sum(student_count) from picked), 0)
)::text as answer`;

/** The classes of this London week ('week') or month ('month'), one teacher's or everyone's. */
export function idealClassList(pool: Queryable, period: 'week' | 'month', teacherId: number | null): Promise<string> {
  return answerOf(pool, 'ideal_class_list', CLASS_LIST, [period, teacherId]);
}
