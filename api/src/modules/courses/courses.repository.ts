import { EXPIRING_WITHIN_DAYS, type CourseDetail, type CourseForm, type CourseListQuery } from '@rollbook/shared-types/courses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { figures, selectCourses, toCourse } from './course-query.js';

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

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Courses matching every filter given, newest start first. today is London today ('yyyy-MM-dd'). */
export async function listCourses(db: Kysely<DB>, f: CourseFilter, today: string, reportStudentId: number | null = null): Promise<CourseDetail[]> {
  const rows = await filteredCourses(db, f, today, reportStudentId)
    .orderBy(sql`courses.start_date desc nulls first`).orderBy('courses.courseId', 'desc').execute();
  return rows.map(toCourse);
}

function filteredCourses(db: Kysely<DB>, f: CourseFilter, today: string, reportStudentId: number | null) {
  let q = selectCourses(db, reportStudentId);
  if (f.title) q = q.where(sql<string>`lower(courses.title)`, 'like', likePattern(f.title));
  if (f.searchCriteria) {
    const pattern = likePattern(f.searchCriteria);
    q = q.where((eb) => eb.or([
      eb(sql<string>`lower(courses.title)`, 'like', pattern),
      eb(sql<string>`lower(courses.description)`, 'like', pattern),
      eb(sql<string>`lower(subjects.name)`, 'like', pattern),
    ]));
  }
  if (f.subjectId !== undefined) q = q.where('courses.subjectId', '=', f.subjectId);
  if (f.statusId !== undefined) q = q.where('courses.courseStatusId', '=', f.statusId);
  if (f.startDate) q = q.where('courses.startDate', '>=', f.startDate);
  if (f.endDate) q = q.where('courses.endDate', '<=', f.endDate);
  if (f.classesRemaining !== undefined) q = q.where(figures.classesRemaining, '<=', f.classesRemaining);
  if (f.showClassCountErrors) q = q.where(figures.timeDiscrepancy, '<>', 0);
  if (f.expiredClasses) {
    // The last class is past or within EXPIRING_WITHIN_DAYS days (London dates).
    q = q.where('fig.lastClassAt', 'is not', null).where('fig.lastClassAt', '<', londonDayStart(addDays(today, EXPIRING_WITHIN_DAYS + 1)));
  }
  if (f.teacherId !== undefined) {
    const teacherId = f.teacherId;
    q = q.where((eb) => eb.exists(eb.selectFrom('classes as tc').select('tc.classId')
      .whereRef('tc.courseId', '=', 'courses.courseId').where('tc.teacherId', '=', teacherId)));
  }
  if (f.studentId !== undefined) {
    const studentId = f.studentId;
    q = q.where((eb) => eb.exists(eb.selectFrom('enrolments as se').select('se.courseId')
      .whereRef('se.courseId', '=', 'courses.courseId').where('se.studentId', '=', studentId).where('se.statusId', '<>', 0)));
  }
  if (f.companyId !== undefined) q = q.where('courses.companyId', '=', f.companyId);
  if (f.showOnlyActiveAndCompleted) q = q.where('courses.courseStatusId', 'in', [2, 3]);
  if (f.onlyActive) q = q.where('courses.courseStatusId', '=', 2);
  if (f.excludeDraft) q = q.where('courses.courseStatusId', '<>', 1);
  if (f.excludeArchived) q = q.where('courses.courseStatusId', '<>', 4);
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

/** Locks the course row and says how many of its classes are Marked or Paid. */
export async function lockCourseStatus(db: Kysely<DB>, courseId: number) {
  return db.selectFrom('courses')
    .select((eb) => ['courseStatusId', eb.selectFrom('classes').select(sql<number>`count(*)::int`.as('n'))
      .whereRef('classes.courseId', '=', 'courses.courseId').where('classes.statusId', 'in', [3, 6]).as('markedCount')])
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
      'minNumberStudents', 'pricePence', sql<number>`1`.as('draft')]).where('courseId', '=', courseId))
    .returning('courseId')
    .executeTakeFirstOrThrow();
  await db.insertInto('enrolments')
    .columns(['courseId', 'studentId', 'statusId'])
    .expression((eb) => eb.selectFrom('enrolments').select([sql<number>`${cloneId}::int`.as('courseId'), 'studentId', 'statusId'])
      .where('courseId', '=', courseId).where('statusId', '<>', 0))
    .execute();
  return cloneId;
}
