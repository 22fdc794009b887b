import { sql, type Expression, type RawBuilder } from 'kysely';
import { COURSE_ROW, courseItemColumns } from './course-json.js';

// Every course answer of the API (a list, a page, one course, a pull's courses) as the JSON text
// PostgreSQL writes from course-json.ts, so the fields are written in one place and no row of
// forty-odd columns is read into an object only to be written out again.

const ROW = sql.raw(COURSE_ROW);
const ITEM = sql.raw(courseItemColumns('c'));
const DETAIL = sql.raw(courseItemColumns('c', true));

/** For a course's detail: the caller's own place status when the caller is a student, else null. */
export interface DetailOf {
  studentId: number | null;
}

/**
 * `select courses, n`: the courses whose ids `ids` (an int[] expression) holds, in its order, as
 * the text of a JSON array of CourseListItem (or CourseDetail, given `detail`), and how many they
 * are. Ids of no course are left out. Each course is found by its primary key and its figures
 * worked out for it alone (COURSE_ROW's lateral walks), so a page costs its own rows only.
 */
export function coursesJson(ids: Expression<unknown> | RawBuilder<unknown>, detail?: DetailOf): RawBuilder<{ courses: string; n: number }> {
  const columns = !detail ? ITEM
    : detail.studentId === null ? sql`${DETAIL}, null::int as "studentStatusId"`
    : sql`${DETAIL}, (select mine.status_id from enrolments mine
        where mine.course_id = c.course_id and mine.student_id = ${detail.studentId}::int) as "studentStatusId"`;
  return sql<{ courses: string; n: number }>`select '[' || coalesce(string_agg(j.item, ',' order by p.n), '') || ']' as courses, count(*)::int as n
    from unnest(${ids}) with ordinality p(id, n)
    cross join lateral (select row_to_json(item)::text as item from (select ${columns}
      from (select ${ROW} where co.course_id = p.id) c) item) j`;
}
