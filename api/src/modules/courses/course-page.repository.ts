import type { CourseDetail, CourseSortKey } from '@rollbook/shared-types/courses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { PageRequest } from '../../lib/list-page.js';
import { filteredCourses, type CourseFilter } from './courses.repository.js';
import { selectCourses, toCourse } from './course-query.js';
import { courseOrder } from './course-sort.js';

// One page of the courses list, sorted by any visible column. The page's ids are chosen first by a
// select that carries only the filters and the sort key (PostgreSQL drops the figure aggregates
// no filter or sort reads), then the forty columns and figures are worked out for those rows only.
// The total rides on the same statement as an uncorrelated subquery (run once).

export async function pageCourses(
  db: Kysely<DB>, f: CourseFilter, today: string, p: PageRequest<CourseSortKey>,
): Promise<{ courses: CourseDetail[]; total: number }> {
  const order = courseOrder(p);
  const pageIds = filteredCourses(db, f, today, null).clearSelect().select('courses.courseId')
    .orderBy(order).limit(p.pageSize).offset(p.offset);
  const counted = filteredCourses(db, f, today, null).clearSelect().select(sql<number>`count(*)::int`.as('n'));
  const rows = await selectCourses(db)
    .select(counted.as('total'))
    .where('courses.courseId', 'in', pageIds)
    .orderBy(order)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { courses: rows.map(toCourse), total };
}
