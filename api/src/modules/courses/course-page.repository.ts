import type { CourseSortKey } from '@rollbook/shared-types/courses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { PageRequest } from '../../lib/list-page.js';
import { coursesJson } from './course-answers.js';
import { matchingCourses, type CourseFilter } from './courses.repository.js';
import { courseOrder } from './course-sort.js';

// One page of the courses list, sorted by any visible column. The page's ids are cut from the
// courses alone (the filters and the sort key, no figures or names), then each of those courses is
// written as JSON by PostgreSQL (course-answers.ts), found by its primary key. The total rides on
// the same statement as an uncorrelated subquery (run once), counted from the courses alone too.

/** One page: its courses as the JSON text of the array, in the page's order, and the total of all pages. */
export async function pageCourses(
  db: Kysely<DB>, f: CourseFilter, today: string, p: PageRequest<CourseSortKey>,
): Promise<{ coursesJson: string; total: number }> {
  // The limit and offset as literals, not parameters: PostgreSQL then knows how few rows the page
  // reads and keeps one generic plan for the statement instead of planning every request. Page
  // sizes are bounded (COURSE_MAX_PAGE_SIZE) and so are the pages asked for in practice, and each
  // connection keeps at most MAX_PREPARED_PER_CONNECTION statements prepared (db/create-db.ts).
  const pageIds = matchingCourses(db, f, today).select('courses.courseId').orderBy(courseOrder(p))
    .limit(sql.lit(p.pageSize)).offset(sql.lit(p.offset));
  const counted = matchingCourses(db, f, today).select(sql<number>`count(*)::int`.as('n'));
  const { rows } = await sql<{ courses: string; total: number }>`select page.courses, (${counted}) as total
    from (${coursesJson(sql`array(${pageIds})`)}) page`.execute(db);
  const row = rows[0]!;
  return { coursesJson: row.courses, total: row.total };
}
