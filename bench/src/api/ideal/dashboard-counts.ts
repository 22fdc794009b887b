import { answerOf, type Queryable } from './ideal-query.js';

// The dashboard's five tiles, each one index-only count: classes that have ended unmarked (a range
// of classes_status_ends_idx), and four counts of the facts course_class_totals keeps per course
// (triggers on classes and courses keep them in the same transaction as each change, migration
// 2026_11_29_110000), each from the partial index of its statuses: draft courses; active or
// completed courses with at most three classes left to hold (since few_left_from); active courses
// whose classes' minutes differ from what was bought; active courses whose last class is past or
// within the next 14 London days (from expiring_on, a London date).

const COUNTS = `
select json_build_object(
  'unmarkedClassTotal', (select count(*) from classes where status_id in (1, 2) and ends_at <= now()),
  'draftCourseTotal', (select count(*) from course_class_totals where course_status_id = 1),
  'lessThanThreeClassesRemaining', (select count(*) from course_class_totals where course_status_id in (2, 3) and few_left_from <= now()),
  'classCountErrorTotal', (select count(*) from course_class_totals where course_status_id = 2 and time_discrepancy),
  'expiredTotal', (select count(*) from course_class_totals where course_status_id = 2
    and expiring_on <= (now() at time zone 'Europe/London')::date)
)::text as answer`;

export function idealDashboardCounts(pool: Queryable): Promise<string> {
  return answerOf(pool, 'ideal_dashboard_counts', COUNTS, []);
}
