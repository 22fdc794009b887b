import { ATTENDANCE_MESSAGES, type ClassRegister, type StudentOverrideLine, type UpdateStudentOverrideRequest } from '@rollbook/shared-types/attendance';
import { everyoneMarked } from '@rollbook/shared-types/class-status-rules';
import { AttendanceStatus, ClassStatus } from '@rollbook/shared-types/statuses';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { classScope } from '../classes/class-scope.js';
import { derivedClassStatus } from '../classes/class-status.js';
import { courseExists } from '../courses/courses.repository.js';
import { studentExists } from '../students/students.repository.js';
import { refreshClassStatuses } from './attendance.repository.js';
import { registerLines, saveOverride, studentOverrideLines } from './register.repository.js';

/** GetStudentsByClassId: the register of a class the caller may see. */
export async function getClassRegister(db: Db, principal: Principal, classId: number): Promise<ClassRegister> {
  const cls = await db.selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .select(['classes.classId', 'classes.courseId', 'courses.courseStatusId', 'classes.version as classVersion', derivedClassStatus().as('seriesStatusId')])
    .where('classes.classId', '=', classId)
    .where(classScope(principal))
    .executeTakeFirst();
  if (!cls) throw notFound('Class not found');
  const students = await registerLines(db, classId, cls.courseId);
  return { ...cls, allMarked: everyoneMarked(students.map((s) => s.statusId)), students };
}

async function requireCourseAndStudent(db: Db, courseId: number, studentId: number): Promise<void> {
  if (!(await courseExists(db, courseId))) throw notFound('Course not found');
  if (!(await studentExists(db, studentId))) throw notFound('Student not found');
}

export async function getStudentOverrides(db: Db, courseId: number, studentId: number): Promise<StudentOverrideLine[]> {
  await requireCourseAndStudent(db, courseId, studentId);
  return studentOverrideLines(db, courseId, studentId);
}

/**
 * UpdateStudentOveride: an admin sets any attendance status (0–6) of one student on classes of one
 * course, e.g. a late cancellation or "not enrolled" for a class before they joined. Paid classes
 * are refused; the classes' status is recomputed as after marking.
 */
export async function updateStudentOverrides(db: Db, principal: Principal, req: UpdateStudentOverrideRequest): Promise<StudentOverrideLine[]> {
  await requireCourseAndStudent(db, req.courseId, req.studentId);
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(req.classes.map((c) => c.classId))].sort((a, b) => a - b);
    const found = await trx.selectFrom('classes').select(['classId', 'courseId', 'statusId'])
      .where('classId', 'in', ids).orderBy('classId').forUpdate().execute();
    const byId = new Map(found.map((c) => [c.classId, c]));
    for (const line of req.classes) {
      const cls = byId.get(line.classId);
      if (!cls || cls.courseId !== req.courseId) throw badRequest('This class is not part of this course', { classes: ['This class is not part of this course'] });
      if (line.statusId < AttendanceStatus.NotEnrolled || line.statusId > AttendanceStatus.NotStudent) throw badRequest(ATTENDANCE_MESSAGES.overrideStatus, { classes: [ATTENDANCE_MESSAGES.overrideStatus] });
      if (cls.statusId === ClassStatus.Paid) throw ruleViolation(ATTENDANCE_MESSAGES.paid, 'CLASS_PAID');
      await saveOverride(trx, { ...line, studentId: req.studentId, userId: principal.userId });
    }
    await refreshClassStatuses(trx, ids);
    return studentOverrideLines(trx, req.courseId, req.studentId);
  });
}
