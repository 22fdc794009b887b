import { answerOf, type Queryable } from './ideal-query.js';

// The dashboard's five tiles in one pass over the courses and their kept class totals
// (course_class_totals, which triggers on classes keep in the same transaction as each change):
// classes that have ended unmarked, draft courses, active or completed courses with at most three
// classes left to hold, active courses whose classes' minutes differ from what was bought, and
// active courses whose last class is past or within the next 14 London days.

// "At most 3 classes left": at most (classes − bought + 3) of them not yet started, i.e. the one
// after that many, counted from the latest, has started. closing_starts keeps the latest starts
// (latest first); only a course whose allowance reaches past them looks at its own classes.
const ALLOWANCE = `(coalesce(t.class_count, 0) - co.duration + 3)`;
const KEPT = `coalesce(cardinality(t.closing_starts), 0)`;
const AT_MOST_THREE_LEFT = `(case
  when ${ALLOWANCE} < 0 then false
  when t.last_starts_at <= now() then true
  when ${ALLOWANCE} < ${KEPT} then t.closing_starts[${ALLOWANCE} + 1] <= now()
  when ${KEPT} = coalesce(t.class_count, 0) then true
  else not exists (select from classes cl where cl.course_id = co.course_id and cl.starts_at > now()
    order by cl.starts_at offset greatest(${ALLOWANCE}, 0) limit 1)
  end)`;

const COUNTS = `
select json_build_object(
  'unmarkedClassTotal', (select count(*) from classes where status_id in (1, 2) and ends_at <= now()),
  'draftCourseTotal', count(*) filter (where co.course_status_id = 1),
  'lessThanThreeClassesRemaining', count(*) filter (where co.course_status_id in (2, 3) and ${AT_MOST_THREE_LEFT}),
  'classCountErrorTotal', count(*) filter (where co.course_status_id = 2 and co.duration * co.class_length_template <> coalesce(t.class_minutes, 0)),
  'expiredTotal', count(*) filter (where co.course_status_id = 2
    and t.last_starts_at < ((now() at time zone 'Europe/London')::date + 15)::timestamp at time zone 'Europe/London')
)::text as answer
  from courses co left join course_class_totals t on t.course_id = co.course_id`;

export function idealDashboardCounts(pool: Queryable): Promise<string> {
  return answerOf(pool, 'ideal_dashboard_counts', COUNTS, []);
}
