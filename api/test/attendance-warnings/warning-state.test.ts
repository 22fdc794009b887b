import type { AttendanceWarningCount, AttendanceWarningList } from '@rollbook/shared-types/attendance-warnings';
import { AttendanceStatus, CourseStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createCast, createClass, createCourse, createTeacherWithRate, daysFromNow, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The warning list reads whether each place is Enrolled on an Active course from state kept beside
// the attendance counts (migration 2026_11_29_100000). Every kind of change that can alter it must
// move the student onto or off the list, and the dashboard tile with it, in the same request.

const ctx = useTestApp();
let cast: Cast;
let teacher: { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  teacher = await createTeacherWithRate(ctx.db);
  const res = await call('POST', '/api/settings/UpdateAttendanceThreshold', { threshold: 80 });
  expect(res.status, res.text).toBe(200);
});

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers: cast.headers.admin });
  return { status: res.statusCode, text: res.body };
}
async function ok(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<unknown> {
  const res = await call(method, url, payload);
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text) as unknown;
}

/** A course of four classes held in the past, and a student on it with nothing marked. */
async function place(options: { enrolment?: number; courseStatusId?: number } = {}) {
  const { courseId } = await createCourse(ctx.db, { statusId: options.courseStatusId ?? CourseStatus.Active });
  const classIds: number[] = [];
  for (let i = 4; i >= 1; i--) classIds.push((await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(-i) })).classId);
  const { studentId } = await createStudent(ctx.db, { firstName: 'Kept', lastName: 'State' });
  await enrol(ctx.db, courseId, studentId, { classIds, statusId: options.enrolment ?? EnrolmentStatus.Enrolled });
  return { courseId, studentId, classIds };
}
type Place = Awaited<ReturnType<typeof place>>;

/** Marks the place's classes: `attended` of them Attended, the rest of `held` Absent, as the course page does. */
async function mark(p: Place, attended: number, held: number) {
  await ok('POST', '/api/classes/UpdateClassAttendenceMultiple', p.classIds.slice(0, held).map((classId, i) => ({
    classId, studentId: p.studentId, statusId: i < attended ? AttendanceStatus.Attended : AttendanceStatus.Absent,
  })));
}
const setEnrolment = (p: Place, statusId: number) =>
  ok('POST', '/api/courses/UpdateStudentStatus', { courseId: p.courseId, students: [{ studentId: p.studentId, statusId }] });
const setCourseStatus = (p: Place, courseStatusId: number) => ok('GET', `/api/courses/UpdateCourseStatus?courseId=${p.courseId}&courseStatusId=${courseStatusId}`);

/** The place's row on the list (searched by course), or undefined; and the tile agrees with the whole list. */
async function listed(p: Place) {
  const list = await ok('GET', `/api/reports/GetAttendanceWarnings?courseId=${p.courseId}`) as AttendanceWarningList;
  const all = await ok('GET', '/api/reports/GetAttendanceWarnings?pageSize=1') as AttendanceWarningList;
  const tile = await ok('GET', '/api/reports/GetAttendanceWarningCount') as AttendanceWarningCount;
  expect(tile.total).toBe(all.total);
  return list.warnings.find((w) => w.studentId === p.studentId);
}

/** Kept rows whose state differs from the rule worked out from the enrolments and courses, by the shared statuses. */
async function keptStateMismatches(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from student_course_attendance t
     where t.enrolled_on_active <> exists (select 1 from enrolments e join courses c on c.course_id = e.course_id
        where e.course_id = t.course_id and e.student_id = t.student_id
          and e.status_id = ${sql.lit(EnrolmentStatus.Enrolled)} and c.course_status_id = ${sql.lit(CourseStatus.Active)})`.execute(ctx.db);
  return rows[0]?.n ?? -1;
}

describe('attendance warnings follow every change to the state the list needs', () => {
  it('puts an enrolled student on the list with their first marks below the threshold, and takes them off as marks bring them up', async () => {
    const p = await place();
    expect(await listed(p)).toBeUndefined();
    await mark(p, 1, 2);
    expect(await listed(p)).toMatchObject({ attended: 1, held: 2, rate: 50 });
    await mark(p, 4, 4);
    expect(await listed(p)).toBeUndefined();
    await mark(p, 2, 4);
    expect(await listed(p)).toMatchObject({ attended: 2, held: 4, rate: 50 });
    expect(await keptStateMismatches()).toBe(0);
  });

  it('takes a student off when their place is no longer Enrolled (waiting, enquired, cleared) and back on when enrolled again', async () => {
    const p = await place();
    await mark(p, 0, 3);
    expect(await listed(p)).toMatchObject({ rate: 0 });
    for (const statusId of [EnrolmentStatus.Waiting, EnrolmentStatus.Enquired, EnrolmentStatus.None]) {
      await setEnrolment(p, statusId);
      expect(await listed(p), `enrolment ${statusId}`).toBeUndefined();
      await setEnrolment(p, EnrolmentStatus.Enrolled);
      expect(await listed(p), `enrolment ${statusId}, then Enrolled`).toMatchObject({ attended: 0, held: 3 });
    }
    expect(await keptStateMismatches()).toBe(0);
  });

  it('lists a student marked while only enquired once they are enrolled', async () => {
    const p = await place({ enrolment: EnrolmentStatus.Enquired });
    await mark(p, 1, 4);
    expect(await listed(p)).toBeUndefined();
    await setEnrolment(p, EnrolmentStatus.Enrolled);
    expect(await listed(p)).toMatchObject({ attended: 1, held: 4, rate: 25 });
  });

  it('takes the students of a course off when it stops being Active (Completed, Archived, Suspended) and back on when it is Active again', async () => {
    const p = await place();
    await mark(p, 1, 3);
    expect(await listed(p)).toMatchObject({ rate: 33 });
    for (const statusId of [CourseStatus.Completed, CourseStatus.Archived, CourseStatus.Suspended]) {
      await setCourseStatus(p, statusId);
      expect(await listed(p), `course ${statusId}`).toBeUndefined();
      await setCourseStatus(p, CourseStatus.Active);
      expect(await listed(p), `course ${statusId}, then Active`).toMatchObject({ rate: 33 });
    }
    expect(await keptStateMismatches()).toBe(0);
  });

  it('lists the marks of a course made Active after they were taken (a Completed course reopened)', async () => {
    const p = await place({ courseStatusId: CourseStatus.Completed });
    await mark(p, 0, 2);
    expect(await listed(p)).toBeUndefined();
    await setCourseStatus(p, CourseStatus.Active);
    expect(await listed(p)).toMatchObject({ attended: 0, held: 2 });
  });

  it('drops a place removed from its course', async () => {
    const p = await place();
    await mark(p, 0, 1);
    expect(await listed(p)).toMatchObject({ rate: 0 });
    // Removing is refused once marked: the mark is cleared first, as the course page would.
    await ok('POST', '/api/classes/UpdateClassAttendenceMultiple', [{ classId: p.classIds[0], studentId: p.studentId, statusId: AttendanceStatus.Pending }]);
    expect(await listed(p)).toBeUndefined();
    await ok('GET', `/api/courses/DeleteStudentFromCourse?courseId=${p.courseId}&studentId=${p.studentId}`);
    expect(await listed(p)).toBeUndefined();
    expect(await keptStateMismatches()).toBe(0);
  });
});
