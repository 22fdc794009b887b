import { answerOf, type Queryable } from './ideal-query.js';

// The dashboard's five tiles: for each, the count triggers keep up to the moment W
// (dashboard_tile_counts summed over its slots, up to dashboard_counted_to: migration
// 2026_11_30_100000) plus, for the three the clock moves, what started counting after W: classes
// that ended unmarked since (a range of classes_status_ends_idx), active or completed courses that
// reached three classes left since (few_left_from), active courses whose last class came within the
// next 14 London days since (expiring_on, a London date); each from its partial index.

const COUNTS = `
with w as (select counted_to, (counted_to at time zone 'Europe/London')::date as counted_to_day from dashboard_counted_to),
kept as (select tile, sum(n) as n from dashboard_tile_counts group by tile)
select json_build_object(
  'unmarkedClassTotal', coalesce((select n from kept where tile = 'unmarkedClassTotal'), 0)
    + (select count(*) from classes where status_id in (1, 2) and ends_at <= now() and ends_at > (select counted_to from w)),
  'draftCourseTotal', coalesce((select n from kept where tile = 'draftCourseTotal'), 0),
  'lessThanThreeClassesRemaining', coalesce((select n from kept where tile = 'lessThanThreeClassesRemaining'), 0)
    + (select count(*) from course_class_totals where course_status_id in (2, 3) and few_left_from <= now() and few_left_from > (select counted_to from w)),
  'classCountErrorTotal', coalesce((select n from kept where tile = 'classCountErrorTotal'), 0),
  'expiredTotal', coalesce((select n from kept where tile = 'expiredTotal'), 0)
    + (select count(*) from course_class_totals where course_status_id = 2
      and expiring_on <= (now() at time zone 'Europe/London')::date and expiring_on > (select counted_to_day from w))
)::text as answer`;

export function idealDashboardCounts(pool: Queryable): Promise<string> {
  return answerOf(pool, 'ideal_dashboard_counts', COUNTS, []);
}
