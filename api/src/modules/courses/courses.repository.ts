import { type CourseDetail, type CourseForm, type CourseListQuery, type CourseSortKey } from '@rollbook/shared-types/courses';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { ClassStatus, CourseStatus, EnrolmentStatus, LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern } from '../../lib/list-page.js';
import { derivedClassStatusIs } from '../classes/class-status.js';
import { courseFigureConditions } from './course-figure-filters.js';
import { coursesJson, type DetailOf } from './course-answers.js';
import { courseOrder } from './course-sort.js';

export type ViewStatus = 'all' | 'current' | 'past' | 'future';

export interface CourseFilter extends Partial<CourseListQuery> {
  /** Courses the student has a place on (any status but 0). */
  studentId?: number;
  viewStatus?: ViewStatus;
  onlyActive?: boolean;
  requiresMarking?: boolean;
  /** Case-insensitive substring of title, description or subject. */
  searchCriteria?: string;
}

/**
 * Courses matching every filter given, newest start first (or in `order`), as the JSON text of the
 * array of their CourseListItem (CourseDetail given `detail`), and how many they are. today is
 * London today ('yyyy-MM-dd'). The ids are picked and ordered from the courses alone, then each
 * course is written by PostgreSQL (course-answers.ts).
 */
export async function listCourses(
  db: Kysely<DB>, f: CourseFilter, today: string, order?: { sort: CourseSortKey; dir: SortDirection }, detail?: DetailOf,
): Promise<{ courses: string; n: number }> {
  const ids = matchingCourses(db, f, today).select('courses.courseId')
    .orderBy(order ? courseOrder(order) : sql`courses.start_date desc nulls first, courses.course_id desc`);
  const { rows } = await coursesJson(sql`array(${ids})`, detail).execute(db);
  return rows[0]!;
}

/**
 * The courses matching every filter, from the courses and their kept totals (as tot) alone, with
 * nothing selected yet: what a page's ids and the total are cut from. The figures and names the
 * list shows are not joined here (nothing filtered reads them), so building, planning and running
 * it cost no more than the filters themselves.
 */
export function matchingCourses(db: Kysely<DB>, f: CourseFilter, today: string) {
  let q = db.selectFrom('courses').leftJoin('courseClassTotals as tot', 'tot.courseId', 'courses.courseId');
  for (const condition of courseConditions(f, today)) q = q.where(condition);
  return q;
}

/**
 * Each filter of the courses lists as a condition over a `courses` row and its kept totals (tot),
 * written once for the whole list and for a page's ids: a name or a figure a filter reads is looked
 * up by the course's own keys, not through the list's joins.
 */
function courseConditions(f: CourseFilter, today: string): RawBuilder<SqlBool>[] {
  const c = courseFigureConditions(f, today);
  if (f.title) c.push(sql<SqlBool>`lower(courses.title) like ${containsPattern(f.title)}`);
  if (f.searchCriteria) {
    const pattern = containsPattern(f.searchCriteria);
    c.push(sql<SqlBool>`(lower(courses.title) like ${pattern} or lower(courses.description) like ${pattern}
      or (select lower(s.name) from subjects s where s.subject_id = courses.subject_id) like ${pattern})`);
  }
  if (f.subjectId !== undefined) c.push(sql<SqlBool>`courses.subject_id = ${f.subjectId}`);
  if (f.startDate) c.push(sql<SqlBool>`courses.start_date >= ${f.startDate}`);
  if (f.endDate) c.push(sql<SqlBool>`courses.end_date <= ${f.endDate}`);
  if (f.teacherId !== undefined) {
    c.push(sql<SqlBool>`exists (select from classes tc where tc.course_id = courses.course_id and tc.teacher_id = ${f.teacherId})`);
  }
  if (f.studentId !== undefined) {
    c.push(sql<SqlBool>`exists (select from enrolments se where se.course_id = courses.course_id and se.student_id = ${f.studentId}
      and se.status_id <> ${sql.lit(EnrolmentStatus.None)})`);
  }
  if (f.companyId !== undefined) c.push(sql<SqlBool>`courses.company_id = ${f.companyId}`);
  if (f.onlyActive) c.push(sql<SqlBool>`courses.course_status_id = ${sql.lit(CourseStatus.Active)}`);
  if (f.excludeDraft) c.push(sql<SqlBool>`courses.course_status_id <> ${sql.lit(CourseStatus.Draft)}`);
  if (f.excludeArchived) c.push(sql<SqlBool>`courses.course_status_id <> ${sql.lit(CourseStatus.Archived)}`);
  if (f.requiresMarking) {
    c.push(sql<SqlBool>`exists (select from classes rm where rm.course_id = courses.course_id
      and ${derivedClassStatusIs(ClassStatus.RequiresMarking, 'rm')})`);
  }
  if (f.viewStatus === 'current') {
    c.push(sql<SqlBool>`(courses.start_date <= ${today} and (courses.end_date is null or courses.end_date >= ${today}))`);
  } else if (f.viewStatus === 'past') {
    c.push(sql<SqlBool>`courses.end_date < ${today}`);
  } else if (f.viewStatus === 'future') {
    c.push(sql<SqlBool>`courses.start_date > ${today}`);
  }
  return c;
}

/** One course's CourseDetail, its studentStatusId the place of reportStudentId (null when not given). */
export async function findCourse(db: Kysely<DB>, courseId: number, reportStudentId: number | null = null): Promise<CourseDetail | undefined> {
  const { rows } = await coursesJson(sql`array[${courseId}::int]`, { studentId: reportStudentId }).execute(db);
  return (JSON.parse(rows[0]!.courses) as CourseDetail[])[0];
}

const columns = (form: CourseForm) => ({
  title: form.title, description: form.description, courseTypeId: form.typeId, subjectId: form.subjectId,
  courseLevelId: form.courseLevelId, companyId: form.companyId, addressId: form.addressId, definedAddress: form.definedAddress,
  private: form.private, sponsored: form.sponsored, virtual: form.virtual, startDate: form.startDate, endDate: form.endDate,
  duration: form.duration, classLengthTemplate: form.classLengthTemplate, pricePence: form.pricePence,
  maxNumberStudents: form.maxNumberStudents, minNumberStudents: form.minNumberStudents,
});

export async function insertCourse(db: Kysely<DB>, form: CourseForm, courseStatusId: number): Promise<number> {
  const row = await db.insertInto('courses').values({ ...columns(form), courseStatusId }).returning('courseId').executeTakeFirstOrThrow();
  return row.courseId;
}

export async function updateCourse(db: Kysely<DB>, courseId: number, form: CourseForm): Promise<void> {
  await db.updateTable('courses').set(columns(form)).where('courseId', '=', courseId).execute();
}

export async function courseExists(db: Kysely<DB>, courseId: number): Promise<boolean> {
  return (await db.selectFrom('courses').select('courseId').where('courseId', '=', courseId).executeTakeFirst()) !== undefined;
}

/** Locks the course row and says how many of its classes are Marked or Paid. */
export async function lockCourseStatus(db: Kysely<DB>, courseId: number) {
  return db.selectFrom('courses')
    .select((eb) => ['courseStatusId', eb.selectFrom('classes').select(sql<number>`count(*)::int`.as('n'))
      .whereRef('classes.courseId', '=', 'courses.courseId').where('classes.statusId', 'in', LOCKED_CLASS_STATUSES).as('markedCount')])
    .where('courseId', '=', courseId)
    .forUpdate('courses')
    .executeTakeFirst();
}

/** A Draft copy without dates or classes, pointing back at the original; enrolments come along. */
export async function cloneCourse(db: Kysely<DB>, courseId: number): Promise<number> {
  const { courseId: cloneId } = await db.insertInto('courses')
    .columns(['parentId', 'title', 'description', 'subjectId', 'courseLevelId', 'courseTypeId', 'companyId', 'addressId', 'definedAddress',
      'private', 'sponsored', 'virtual', 'duration', 'classLengthTemplate', 'maxNumberStudents', 'minNumberStudents', 'pricePence', 'courseStatusId'])
    .expression((eb) => eb.selectFrom('courses').select(['courseId', 'title', 'description', 'subjectId', 'courseLevelId', 'courseTypeId', 'companyId',
      'addressId', 'definedAddress', 'private', 'sponsored', 'virtual', 'duration', 'classLengthTemplate', 'maxNumberStudents',
      'minNumberStudents', 'pricePence', sql.lit<number>(CourseStatus.Draft).as('draft')]).where('courseId', '=', courseId))
    .returning('courseId')
    .executeTakeFirstOrThrow();
  await db.insertInto('enrolments')
    .columns(['courseId', 'studentId', 'statusId'])
    .expression((eb) => eb.selectFrom('enrolments').select([sql<number>`${cloneId}::int`.as('courseId'), 'studentId', 'statusId'])
      .where('courseId', '=', courseId).where('statusId', '<>', EnrolmentStatus.None))
    .execute();
  return cloneId;
}
