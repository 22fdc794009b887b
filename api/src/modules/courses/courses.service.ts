import {
  COURSE_DEFAULT_SORT, COURSE_MESSAGES, COURSE_PAGE_SIZE, COURSE_SORT_NATURAL_DIR, validateCourseForm, type CourseDetail, type CourseForm,
  type CourseListQuery, type CourseListResponse,
  type CoursesByStudentQuery, type CoursesByTeacherQuery, type CourseUpsertRequest,
} from '@rollbook/shared-types/courses';
import { CourseStatus } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { DB } from '../../db/database.js';
import { badRequest, forbidden, notFound, ruleViolation } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import { londonDate } from '../../lib/london-time.js';
import type { Principal } from '../../plugins/auth.js';
import { answerWithList, JsonText } from '../../plugins/response-serializer.js';
import { classScope, courseScope } from '../classes/class-scope.js';
import { applyEnrolmentChanges } from '../enrolments/enrolments.service.js';
import { pageCourses } from './course-page.repository.js';
import { cloneCourse, findCourse, insertCourse, listCourses, lockCourseStatus, updateCourse } from './courses.repository.js';

const COURSE_NOT_FOUND = 'Course not found';

/**
 * The admin's courses list. With page or pageSize: one page in the asked order, with the total of
 * every match; without them (older clients, pickers): every matching course, newest start first.
 * The courses come as PostgreSQL wrote them (course-answers.ts); the rest of the answer is put
 * around them, in the schema's order.
 */
export async function getCourseList(db: Db, q: CourseListQuery, now = new Date()): Promise<CourseListResponse | JsonText> {
  const p = pageRequest(q, { sort: COURSE_DEFAULT_SORT, naturalDir: COURSE_SORT_NATURAL_DIR, pageSize: COURSE_PAGE_SIZE });
  if (!p.paged) {
    const { courses, n } = await listCourses(db, q, londonDate(now), q.sort ? p : undefined);
    return answerWithList('courses', courses, { total: n });
  }
  const { coursesJson, total } = await pageCourses(db, q, londonDate(now), p);
  return answerWithList('courses', coursesJson, pageInfo(p, total));
}

/** One course the caller may see (a teacher's through their classes, a student's through their place). */
export async function getCourse(db: Db, principal: Principal, courseId: number): Promise<CourseDetail> {
  const visible = await db.selectFrom('courses').select('courseId').where('courseId', '=', courseId).where(courseScope(principal)).executeTakeFirst();
  const course = visible && (await findCourse(db, courseId, principal.studentId));
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

export async function getCourseByClass(db: Db, principal: Principal, classId: number): Promise<CourseDetail> {
  const cls = await db.selectFrom('classes').select('courseId').where('classId', '=', classId).where(classScope(principal)).executeTakeFirst();
  if (!cls) throw notFound('Class not found');
  const course = await findCourse(db, cls.courseId, principal.studentId);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/** The form's choices must exist, and the address must be one of the course company's. */
async function referenceErrors(db: Kysely<DB>, form: CourseForm): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const exists = async (table: 'subjects' | 'courseLevels' | 'companies', column: 'subjectId' | 'courseLevelId' | 'companyId', id: number) =>
    (await db.selectFrom(table).select(column).where(column, '=', id).executeTakeFirst()) !== undefined;
  if (!(await exists('subjects', 'subjectId', form.subjectId))) errors.subjectId = [COURSE_MESSAGES.subjectId];
  if (!(await exists('courseLevels', 'courseLevelId', form.courseLevelId))) errors.courseLevelId = [COURSE_MESSAGES.courseLevelId];
  if (form.companyId !== null && !(await exists('companies', 'companyId', form.companyId))) errors.companyId = [COURSE_MESSAGES.companyId];
  if (form.addressId !== null && form.companyId !== null) {
    const address = await db.selectFrom('companyAddresses').select('addressId')
      .where('addressId', '=', form.addressId).where('companyId', '=', form.companyId).executeTakeFirst();
    if (!address) errors.addressId = [COURSE_MESSAGES.address];
  }
  return errors;
}

const firstMessage = (errors: Record<string, string[]>) => Object.values(errors)[0]?.[0] ?? 'Please check the course details';

/** Saves the course form (spec §5) with its enrolment changes, all or nothing; returns the course. */
export async function upsertCourse(db: Db, body: CourseUpsertRequest): Promise<CourseDetail> {
  const checked = validateCourseForm(body);
  if (!checked.value) throw badRequest(firstMessage(checked.fieldErrors), checked.fieldErrors);
  const form = checked.value;
  const courseId = await db.transaction().execute(async (trx) => {
    const refErrors = await referenceErrors(trx, form);
    if (Object.keys(refErrors).length > 0) throw badRequest(firstMessage(refErrors), refErrors);
    let id = body.courseId ?? 0;
    if (id > 0) {
      const current = await lockCourseStatus(trx, id);
      if (!current) throw notFound(COURSE_NOT_FOUND);
      await updateCourse(trx, id, form);
      if (body.courseStatusId !== undefined && body.courseStatusId !== current.courseStatusId) await changeStatus(trx, id, body.courseStatusId);
    } else {
      id = await insertCourse(trx, form, body.courseStatusId ?? CourseStatus.Draft);
    }
    if (body.students?.length) await applyEnrolmentChanges(trx, id, body.students);
    return id;
  });
  return (await findCourse(db, courseId)) as CourseDetail;
}

/** Draft is only possible while none of the course's classes is Marked or Paid. */
async function changeStatus(db: Kysely<DB>, courseId: number, courseStatusId: number): Promise<void> {
  const current = await lockCourseStatus(db, courseId);
  if (!current) throw notFound(COURSE_NOT_FOUND);
  if (courseStatusId === CourseStatus.Draft && (current.markedCount ?? 0) > 0) throw ruleViolation(COURSE_MESSAGES.draftWithMarks, 'COURSE_HAS_MARKS');
  await db.updateTable('courses').set({ courseStatusId }).where('courseId', '=', courseId).execute();
}

export async function updateCourseStatus(db: Db, courseId: number, courseStatusId: number): Promise<CourseDetail> {
  await db.transaction().execute((trx) => changeStatus(trx, courseId, courseStatusId));
  return (await findCourse(db, courseId)) as CourseDetail;
}

export async function cloneCourseById(db: Db, courseId: number): Promise<CourseDetail> {
  const cloneId = await db.transaction().execute(async (trx) => {
    const original = await trx.selectFrom('courses').select('courseId').where('courseId', '=', courseId).forUpdate().executeTakeFirst();
    if (!original) throw notFound(COURSE_NOT_FOUND);
    return cloneCourse(trx, courseId);
  });
  return (await findCourse(db, cloneId)) as CourseDetail;
}

/** A student sees only their own courses; admins any student's. */
export async function getCoursesByStudent(db: Db, principal: Principal, q: CoursesByStudentQuery, now = new Date()): Promise<CourseDetail[] | JsonText> {
  if (!principal.isAdmin && principal.studentId !== q.studentId) throw forbidden('You can only see your own courses');
  const filter = { studentId: q.studentId, viewStatus: q.viewStatus ?? 'all', onlyActive: q.onlyActive ?? false } as const;
  return new JsonText((await listCourses(db, filter, londonDate(now), undefined, { studentId: q.studentId })).courses);
}

/** A teacher sees only their own courses (teacherId may be left out); admins must say whose. */
export async function getCoursesByTeacher(db: Db, principal: Principal, q: CoursesByTeacherQuery, now = new Date()): Promise<CourseDetail[] | JsonText> {
  const teacherId = q.teacherId ?? principal.teacherId;
  if (teacherId === null || teacherId === undefined) throw badRequest('Please choose a teacher', { teacherId: ['Please choose a teacher'] });
  if (!principal.isAdmin && principal.teacherId !== teacherId) throw forbidden('You can only see your own courses');
  return new JsonText((await listCourses(db, {
    teacherId, viewStatus: q.viewStatus ?? 'all', requiresMarking: q.requiresMarking ?? false,
    ...(q.searchCriteria ? { searchCriteria: q.searchCriteria } : {}),
  }, londonDate(now), undefined, { studentId: null })).courses);
}
