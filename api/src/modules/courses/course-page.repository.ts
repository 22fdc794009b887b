import type { CourseDetail, CourseSortKey } from '@rollbook/shared-types/courses';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import type { PageRequest } from '../../lib/list-page.js';
import { matchingCourses, type CourseFilter } from './courses.repository.js';
import { selectCourses, toCourse } from './course-query.js';
import { courseOrder } from './course-sort.js';

// One page of the courses list, sorted by any visible column. The page's ids are cut from the
// courses alone (the filters and the sort key, no figures or names), then the forty columns and
// figures are worked out for those rows only, each found by its primary key: `= any(array(…))`
// makes the ids one value the primary key is probed with, where a join or `in` to them was planned
// as a hash of every course of the school. The total rides on the same statement as an
// uncorrelated subquery (run once), counted from the courses alone too.

export async function pageCourses(
  db: Kysely<DB>, f: CourseFilter, today: string, p: PageRequest<CourseSortKey>,
): Promise<{ courses: CourseDetail[]; total: number }> {
  const order = courseOrder(p);
  const pageIds = matchingCourses(db, f, today).select('courses.courseId').orderBy(order).limit(p.pageSize).offset(p.offset);
  const counted = matchingCourses(db, f, today).select(sql<number>`count(*)::int`.as('n'));
  const rows = await selectCourses(db)
    .where(sql<SqlBool>`courses.course_id = any(array(${pageIds}))`)
    .select(counted.as('total'))
    .orderBy(order)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { courses: rows.map(toCourse), total };
}
