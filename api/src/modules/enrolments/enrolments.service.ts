import { ENROLMENT_MESSAGES, type StudentsByCourseQuery, type StudentsOnCourseResponse, type StudentStatusChange } from '@rollbook/shared-types/courses';
import { COURSE_STUDENTS_PAGE_SIZE } from '@rollbook/shared-types/courses';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { DB } from '../../db/database.js';
import { badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { refreshClassStatuses } from '../attendance/attendance.repository.js';
import { courseScope } from '../classes/class-scope.js';
import { countExistingStudents, enrolmentCounts, listStudentsOnCourse, removeFromCourse, setEnrolment, studentHasMarkedOrPaid } from './enrolments.repository.js';

async function requireCourse(db: Kysely<DB>, principal: Principal, courseId: number): Promise<void> {
  const found = await db.selectFrom('courses').select('courseId').where('courseId', '=', courseId).where(courseScope(principal)).executeTakeFirst();
  if (!found) throw notFound('Course not found');
}

/** Enrolment changes in the caller's transaction (the course upsert saves them with the course). */
export async function applyEnrolmentChanges(db: Kysely<DB>, courseId: number, changes: StudentStatusChange[]): Promise<void> {
  const ids = [...new Set(changes.map((c) => c.studentId))];
  if ((await countExistingStudents(db, ids)) !== ids.length) {
    throw badRequest(ENROLMENT_MESSAGES.unknownStudent, { students: [ENROLMENT_MESSAGES.unknownStudent] });
  }
  for (const change of changes) await setEnrolment(db, courseId, change.studentId, change.statusId);
}

export async function updateStudentStatuses(db: Db, principal: Principal, courseId: number, changes: StudentStatusChange[]) {
  return db.transaction().execute(async (trx) => {
    await requireCourse(trx, principal, courseId);
    await applyEnrolmentChanges(trx, courseId, changes);
    return { courseId, ...(await enrolmentCounts(trx, courseId)) };
  });
}

/** DeleteStudentFromCourse: refused once the student has marked or paid classes on it. */
export async function deleteStudentFromCourse(db: Db, principal: Principal, courseId: number, studentId: number) {
  return db.transaction().execute(async (trx) => {
    await requireCourse(trx, principal, courseId);
    const place = await trx.selectFrom('enrolments').select('statusId')
      .where('courseId', '=', courseId).where('studentId', '=', studentId).forUpdate().executeTakeFirst();
    if (!place) throw notFound(ENROLMENT_MESSAGES.notOnCourse);
    if (await studentHasMarkedOrPaid(trx, courseId, studentId)) throw ruleViolation(ENROLMENT_MESSAGES.hasMarkedOrPaid, 'HAS_MARKED_OR_PAID');
    const classIds = await removeFromCourse(trx, courseId, studentId);
    // A past class waiting only for this student's mark is now fully marked.
    await refreshClassStatuses(trx, classIds);
    return { courseId, studentId, removed: true };
  });
}

export async function getStudentsOnCourse(db: Db, principal: Principal, q: StudentsByCourseQuery): Promise<StudentsOnCourseResponse> {
  await requireCourse(db, principal, q.id);
  const { students, total } = await listStudentsOnCourse(db, q);
  return { students, total, page: q.page, pageSize: COURSE_STUDENTS_PAGE_SIZE };
}
