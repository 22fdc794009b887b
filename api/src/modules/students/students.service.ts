import { PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR, parseDateOfBirth } from '@rollbook/shared-types/people';
import {
  STUDENT_MESSAGES, STUDENT_PAGE_SIZE, type Student, type StudentListQuery, type StudentListResponse, type StudentUpsert, type TeacherStudent,
} from '@rollbook/shared-types/students';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import type { Principal } from '../../plugins/auth.js';
import { recordedConsentsOfUser } from '../profile/consents.repository.js';
import {
  companyExists,
  findStudent,
  insertStudent,
  listStudents,
  listStudentsForTeacher,
  nationalityExists,
  otherStudentWithEmail,
  studentExists,
  teacherExists,
  teacherTeachesStudent,
  updateStudent,
} from './students.repository.js';

const STUDENT_NOT_FOUND = 'Student not found';

/** getall: one page (page 1 of 100 unless asked) in the asked order, by last name unless asked. */
export async function getStudentList(db: Db, q: StudentListQuery): Promise<StudentListResponse> {
  const p = pageRequest(q, { sort: PEOPLE_DEFAULT_SORT, naturalDir: PEOPLE_SORT_NATURAL_DIR, pageSize: STUDENT_PAGE_SIZE });
  const { students, total } = await listStudents(db, q, p);
  return { students, ...pageInfo(p, total) };
}

/**
 * Who may open a student: an admin any, a teacher the students of their classes, a student only
 * themselves. "Not yours" and "not there" get the same 404, so ids cannot be probed.
 */
export async function canSeeStudent(db: Db, principal: Principal, studentId: number): Promise<boolean> {
  if (principal.isAdmin) return studentExists(db, studentId);
  if (principal.studentId !== null && principal.studentId === studentId) return studentExists(db, studentId);
  if (principal.teacherId !== null) return teacherTeachesStudent(db, principal.teacherId, studentId);
  return false;
}

export async function assertCanSeeStudent(db: Db, principal: Principal, studentId: number): Promise<void> {
  if (!(await canSeeStudent(db, principal, studentId))) throw notFound(STUDENT_NOT_FOUND);
}

export async function getStudent(db: Db, principal: Principal, studentId: number): Promise<Student> {
  await assertCanSeeStudent(db, principal, studentId);
  const student = await loadStudent(db, studentId);
  // The office's notes are for administrators; consents for administrators and the student. A
  // teacher sees the contact details they need to teach.
  if (principal.isAdmin) return student;
  const self = principal.studentId === studentId;
  return { ...student, notes: null, consents: self ? student.consents : [] };
}

async function loadStudent(db: Db, studentId: number): Promise<Student> {
  const row = await findStudent(db, studentId);
  if (!row) throw notFound(STUDENT_NOT_FOUND);
  return { ...row, consents: await recordedConsentsOfUser(db, row.userId) };
}

/** Creates (no studentId) or updates a student and answers it as getbyid would. */
export async function upsertStudent(db: Db, input: StudentUpsert): Promise<Student> {
  const fieldErrors: Record<string, string[]> = {};
  if (!(await companyExists(db, input.companyId))) fieldErrors.companyId = [STUDENT_MESSAGES.companyId];
  if (input.nationalityId !== null && !(await nationalityExists(db, input.nationalityId))) fieldErrors.nationalityId = [STUDENT_MESSAGES.nationalityId];
  // Sign-up finds a student by e-mail, so two students cannot share one.
  if (await otherStudentWithEmail(db, input.email, input.studentId)) fieldErrors.email = [STUDENT_MESSAGES.emailTaken];
  if (Object.keys(fieldErrors).length > 0) {
    throw badRequest(Object.values(fieldErrors).flat().join('; '), fieldErrors);
  }

  const { studentId, dateOfBirthString, ...columns } = input;
  // The date of birth is stored exactly as entered. The old product set it to the current time on
  // every save (recorded in the spec, §4); that destroyed the real date, so Rollbook does not copy it.
  const values = { ...columns, dateOfBirth: dateOfBirthString ? parseDateOfBirth(dateOfBirthString) : null };

  const savedId = await db.transaction().execute(async (trx) => {
    if (studentId === null) return insertStudent(trx, values);
    if (!(await updateStudent(trx, studentId, values))) throw notFound(STUDENT_NOT_FOUND);
    return studentId;
  });
  return loadStudent(db, savedId);
}

/** The teacher's own students; an admin may ask for any teacher. Another teacher's list is a 404. */
export async function studentsForTeacher(db: Db, principal: Principal, teacherId: number): Promise<TeacherStudent[]> {
  const allowed = principal.isAdmin || principal.teacherId === teacherId;
  if (!allowed || !(await teacherExists(db, teacherId))) throw notFound('Teacher not found');
  return listStudentsForTeacher(db, teacherId);
}
