import {
  ATTENDANCE_WARNING_PAGE_SIZE, attendancePercent, type AttendanceRates, type AttendanceRatesQuery, type AttendanceThreshold,
  type AttendanceWarningCount, type AttendanceWarningList, type AttendanceWarningListQuery,
} from '@rollbook/shared-types/attendance-warnings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import { courseExists } from '../courses/courses.repository.js';
import { studentExists } from '../students/students.repository.js';
import * as rates from './attendance-rates.repository.js';
import { countWarnings, pageWarnings } from './warning-page.repository.js';

// Attendance rates and warnings. The rules of what counts are in
// shared-types/attendance-warnings.ts; the counts are kept by the database (student_course_attendance).

export async function attendanceRates(db: Kysely<DB>, q: AttendanceRatesQuery): Promise<AttendanceRates> {
  let rows;
  if (q.courseId !== undefined) {
    if (!(await courseExists(db, q.courseId))) throw notFound('Course not found');
    rows = await rates.ratesOfCourse(db, q.courseId);
  } else {
    const studentId = q.studentId as number;
    if (!(await studentExists(db, studentId))) throw notFound('Student not found');
    rows = await rates.ratesOfStudent(db, studentId);
  }
  return { rates: rows.map((r) => ({ ...r, rate: attendancePercent(r.attended, r.held) })) };
}

export async function attendanceWarnings(db: Kysely<DB>, q: AttendanceWarningListQuery): Promise<AttendanceWarningList> {
  const p = pageRequest(q, { sort: 'rate', pageSize: ATTENDANCE_WARNING_PAGE_SIZE });
  const { warnings, total, threshold } = await pageWarnings(db, { q: q.q, courseId: q.courseId }, p);
  return { warnings, threshold, ...pageInfo(p, total) };
}

export async function attendanceWarningCount(db: Kysely<DB>): Promise<AttendanceWarningCount> {
  const { threshold, total } = await countWarnings(db, {});
  return { threshold, total };
}

export async function attendanceThreshold(db: Kysely<DB>): Promise<AttendanceThreshold> {
  return { threshold: await rates.readThreshold(db) };
}

export async function updateAttendanceThreshold(db: Kysely<DB>, threshold: number): Promise<AttendanceThreshold> {
  return { threshold: await rates.writeThreshold(db, threshold) };
}
