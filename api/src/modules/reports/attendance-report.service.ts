import { ATTENDANCE_REPORT_ROW_LIMIT, type StudentCourseAttendance } from '@rollbook/shared-types/reports';
import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { dmy } from './class-sql.js';
import * as repo from './attendance-report.repository.js';

/**
 * The course's attendance grid for /reports/printstudentattendence. At most
 * ATTENDANCE_REPORT_ROW_LIMIT register lines are read; past that the grid stops before the first
 * class that did not fit whole, and `truncated` says so.
 */
export async function studentCourseAttendance(db: Kysely<DB>, courseId: number): Promise<StudentCourseAttendance> {
  const course = await repo.selectCourseHeading(db, courseId);
  if (!course) throw notFound('Course not found');
  const [allClasses, lines, students] = await Promise.all([
    repo.selectCourseClasses(db, courseId),
    repo.selectRegisterLines(db, courseId, ATTENDANCE_REPORT_ROW_LIMIT + 1),
    repo.selectCourseStudents(db, courseId),
  ]);

  const truncated = lines.length > ATTENDANCE_REPORT_ROW_LIMIT;
  let classes = allClasses;
  if (truncated) {
    const firstIncomplete = allClasses.findIndex((c) => c.classId === lines[ATTENDANCE_REPORT_ROW_LIMIT]?.classId);
    classes = allClasses.slice(0, Math.max(0, firstIncomplete));
  }
  const status = new Map(lines.map((l) => [`${l.classId}:${l.studentId}`, l.statusId]));

  return {
    courseId: course.courseId,
    title: course.title,
    company: course.company,
    subject: course.subject,
    level: course.level,
    startDate: course.startDate,
    startDateString: course.startDate ? dmy(course.startDate) : null,
    totalMinutes: Number(course.totalMinutes ?? 0),
    classes: classes.map((c) => ({ ...c, classDateString: dmy(c.classDate) })),
    students: students.map((s) => {
      const statuses = classes.map((c) => status.get(`${c.classId}:${s.studentId}`) ?? AttendanceStatus.NotEnrolled);
      return {
        ...s,
        statuses,
        attended: statuses.filter((v) => v === AttendanceStatus.Attended).length,
        absent: statuses.filter((v) => v === AttendanceStatus.LateCancellation || v === AttendanceStatus.CancelledInAdvance || v === AttendanceStatus.Absent).length,
        pending: statuses.filter((v) => v === AttendanceStatus.Pending).length,
        notEnrolled: statuses.filter((v) => v === AttendanceStatus.NotEnrolled || v === AttendanceStatus.NotStudent).length,
      };
    }),
    truncated,
  };
}
