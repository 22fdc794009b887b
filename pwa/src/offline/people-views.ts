import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import type { SyncAttendance, SyncCourse, SyncStudent } from '@rollbook/shared-types/sync';
import type { RollbookDb } from './db';
import { activeRows } from './local-rows';
import { attendanceTarget, lineTargetsOf } from './mutation-effects';

// Registers, courses and students as the screens show them, joined from the cached tables.

export type RegisterLineView = SyncAttendance & {
  firstName: string;
  lastName: string;
  /** 'First Last'. */
  student: string;
  /** null: a private student. */
  company: string | null;
  /** This mark has not reached the server yet. */
  pending: boolean;
};

export type CourseStudentView = SyncStudent & {
  /** 'First Last'. */
  student: string;
  /** 1 Enrolled, 2 Enquired, 3 Waiting. */
  enrolmentStatusId: number;
};

const fullName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();
const byName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);

/** The students on a class's register (lines other than Not enrolled), by surname. */
export async function registerOf(db: RollbookDb, classId: number): Promise<RegisterLineView[]> {
  const lines = await db.attendance.where('classId').equals(classId).toArray();
  const onRegister = lines.filter((line) => line.statusId !== AttendanceStatus.NotEnrolled);
  const students = await db.students.bulkGet(onRegister.map((line) => line.studentId));
  const unsent = new Set((await activeRows(db)).flatMap(lineTargetsOf));
  return onRegister
    .map(({ serverCopy: _serverCopy, ...line }, i) => {
      const person = students[i] ?? { firstName: '', lastName: `Student ${line.studentId}`, company: null };
      return {
        ...line,
        firstName: person.firstName,
        lastName: person.lastName,
        student: fullName(person),
        company: person.company,
        pending: unsent.has(attendanceTarget(line.classId, line.studentId)),
      };
    })
    .sort(byName);
}

export async function allCourses(db: RollbookDb): Promise<SyncCourse[]> {
  const courses = await db.courses.toArray();
  return courses.sort((a, b) => a.title.localeCompare(b.title) || a.courseId - b.courseId);
}

/** Everyone with a place on the course (any enrolment status), by surname. */
export async function studentsOfCourse(db: RollbookDb, courseId: number): Promise<CourseStudentView[]> {
  const enrolments = await db.enrolments.where('courseId').equals(courseId).toArray();
  const students = await db.students.bulkGet(enrolments.map((e) => e.studentId));
  return enrolments
    .flatMap((enrolment, i) => {
      const person = students[i];
      return person ? [{ ...person, student: fullName(person), enrolmentStatusId: enrolment.statusId }] : [];
    })
    .sort(byName);
}

/** The teacher's students (the server sends only the students of their courses and classes), by surname. */
export async function allStudents(db: RollbookDb): Promise<SyncStudent[]> {
  return (await db.students.toArray()).sort(byName);
}
