import { type CourseDetail, type CourseForm, type CourseListQuery, type CourseSortKey } from '@rollbook/shared-types/courses';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { CourseStatus, EnrolmentStatus, LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern } from '../../lib/list-page.js';
import { courseFigureConditions } from './course-figure-filters.js';
import { selectCourses, toCourse } from './course-query.js';
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
 * Courses matching every filter given, newest start first (or in `order`). today is London today
 * ('yyyy-MM-dd').
 */
export async function listCourses(
  db: Kysely<DB>, f: CourseFilter, today: string, reportStudentId: number | null = null, order?: { sort: CourseSortKey; dir: SortDirection },
): Promise<CourseDetail[]> {
  const rows = await filteredCourses(db, f, today, reportStudentId)
    .orderBy(order ? courseOrder(order) : sql`courses.start_date desc nulls first, courses.course_id desc`).execute();
  return rows.map(toCourse);
}

export function filteredCourses(db: Kysely<DB>, f: CourseFilter, today: string, reportStudentId: number | null) {
  let q = selectCourses(db, reportStudentId).leftJoin('courseClassTotals as tot', 'tot.courseId', 'courses.courseId');
  for (const condition of courseFigureConditions(f, today)) q = q.where(condition);
  if (f.title) q = q.where(sql<string>`lower(courses.title)`, 'like', containsPattern(f.title));
  if (f.searchCriteria) {
    const pattern = containsPattern(f.searchCriteria);
    q = q.where((eb) => eb.or([
      eb(sql<string>`lower(courses.title)`, 'like', pattern),
      eb(sql<string>`lower(courses.description)`, 'like', pattern),
      eb(sql<string>`lower(subjects.name)`, 'like', pattern),
    ]));
  }
  if (f.subjectId !== undefined) q = q.where('courses.subjectId', '=', f.subjectId);
  if (f.startDate) q = q.where('courses.startDate', '>=', f.startDate);
  if (f.endDate) q = q.where('courses.endDate', '<=', f.endDate);
  if (f.teacherId !== undefined) {
    const teacherId = f.teacherId;
    q = q.where((eb) => eb.exists(eb.selectFrom('classes as tc').select('tc.classId')
      .whereRef('tc.courseId', '=', 'courses.courseId').where('tc.teacherId', '=', teacherId)));
  }
  if (f.studentId !== undefined) {
    const studentId = f.studentId;
    q = q.where((eb) => eb.exists(eb.selectFrom('enrolments as se').select('se.courseId')
      .whereRef('se.courseId', '=', 'courses.courseId').where('se.studentId', '=', studentId).where('se.statusId', '<>', EnrolmentStatus.None)));
  }
  if (f.companyId !== undefined) q = q.where('courses.companyId', '=', f.companyId);
  if (f.onlyActive) q = q.where('courses.courseStatusId', '=', CourseStatus.Active);
  if (f.excludeDraft) q = q.where('courses.courseStatusId', '<>', CourseStatus.Draft);
  if (f.excludeArchived) q = q.where('courses.courseStatusId', '<>', CourseStatus.Archived);
  if (f.requiresMarking) q = q.where('fig.classesUnmarked', '>', 0);
  if (f.viewStatus === 'current') {
    q = q.where('courses.startDate', '<=', today).where((eb) => eb.or([eb('courses.endDate', 'is', null), eb('courses.endDate', '>=', today)]));
  } else if (f.viewStatus === 'past') {
    q = q.where('courses.endDate', '<', today);
  } else if (f.viewStatus === 'future') {
    q = q.where('courses.startDate', '>', today);
  }
  return q;
}

export async function findCourse(db: Kysely<DB>, courseId: number, reportStudentId: number | null = null): Promise<CourseDetail | undefined> {
  const row = await selectCourses(db, reportStudentId).where('courses.courseId', '=', courseId).executeTakeFirst();
  return row ? toCourse(row) : undefined;
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
