import type { CourseSortKey } from '@rollbook/shared-types/courses';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type RawBuilder } from 'kysely';
import { orderBySql } from '../../lib/list-page.js';

// The courses list's sort keys as SQL over a `courses` row. Written to be cheap over every matching
// course, since the whole filtered set is ordered before a page is cut: names by primary-key
// probes, the time discrepancy from the kept course_class_totals, counts by index-only probes of
// one course's rows.

const name = (table: string, column: string, key: string, id: string) =>
  sql`(select lower(x.${sql.raw(column)}) from ${sql.raw(table)} x where x.${sql.raw(key)} = courses.${sql.raw(id)})`;
const enrolmentCount = (statusId: number) =>
  sql`(select count(*) from enrolments e where e.course_id = courses.course_id and e.status_id = ${sql.lit(statusId)})`;

export const COURSE_SORT_SQL: Record<CourseSortKey, RawBuilder<unknown>> = {
  title: sql`lower(courses.title)`,
  subject: name('subjects', 'name', 'subject_id', 'subject_id'),
  level: name('course_levels', 'name', 'course_level_id', 'course_level_id'),
  company: name('companies', 'name', 'company_id', 'company_id'),
  startDate: sql`courses.start_date`,
  endDate: sql`courses.end_date`,
  classesRemaining: sql`(courses.duration - (select count(*) from classes c where c.course_id = courses.course_id and c.starts_at <= now()))`,
  timeDiscrepancy: sql`(courses.duration * courses.class_length_template
    - coalesce((select t.class_minutes from course_class_totals t where t.course_id = courses.course_id), 0))`,
  enrolledCount: enrolmentCount(EnrolmentStatus.Enrolled),
  enquiredCount: enrolmentCount(EnrolmentStatus.Enquired),
  waitingCount: enrolmentCount(EnrolmentStatus.Waiting),
  status: sql`courses.course_status_id`,
};

/** ORDER BY of the courses list: the key, then the course id, both in `dir`. */
export const courseOrder = (p: { sort: CourseSortKey; dir: SortDirection }) => orderBySql(COURSE_SORT_SQL[p.sort], sql`courses.course_id`, p.dir);
