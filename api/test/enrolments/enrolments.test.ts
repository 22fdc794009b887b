import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createCast, createClass, createCourse, createTeacherWithRate, daysFromNow, enrol, markPaid, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const admin = (url: string, payload?: unknown) =>
  ctx.app.inject({ method: payload === undefined ? 'GET' : 'POST', url, headers: cast.headers.admin, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A course with one past and two future classes. */
async function courseWithClasses() {
  const teacher = await createTeacherWithRate(ctx.db);
  const { courseId } = await createCourse(ctx.db);
  const past = await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(-7) });
  const next = await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(7) });
  const later = await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(14) });
  return { courseId, past: past.classId, next: next.classId, later: later.classId };
}

const lines = async (studentId: number, classIds: number[]) =>
  (await ctx.db.selectFrom('classAttendance').select(['classId', 'statusId']).where('studentId', '=', studentId).where('classId', 'in', classIds).orderBy('classId').execute());

describe('POST /api/courses/UpdateStudentStatus', () => {
  it('puts an enrolled student on the registers of the classes still to come', async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db);
    const res = await admin('/api/courses/UpdateStudentStatus', { courseId: c.courseId, students: [{ studentId, statusId: 1 }] });
    expect(res.json()).toEqual({ courseId: c.courseId, enrolledCount: 1, enquiredCount: 0, waitingCount: 0 });
    expect(await lines(studentId, [c.past, c.next, c.later])).toEqual([{ classId: c.next, statusId: 1 }, { classId: c.later, statusId: 1 }]);
  });

  it('takes a student moved to waiting off the registers to come, keeping what was recorded', async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db);
    await enrol(ctx.db, c.courseId, studentId, { classIds: [c.past, c.next, c.later] });
    await ctx.db.updateTable('classAttendance').set({ statusId: 2 }).where('classId', '=', c.past).where('studentId', '=', studentId).execute();
    await admin('/api/courses/UpdateStudentStatus', { courseId: c.courseId, students: [{ studentId, statusId: 3 }] });
    expect(await lines(studentId, [c.past, c.next, c.later])).toEqual([{ classId: c.past, statusId: 2 }]);
  });

  it('clears a status with 0', async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db);
    await enrol(ctx.db, c.courseId, studentId, { statusId: 2 });
    const res = await admin('/api/courses/UpdateStudentStatus', { courseId: c.courseId, students: [{ studentId, statusId: 0 }] });
    expect(res.json().enquiredCount).toBe(0);
  });

  it('refuses a status outside 0–3', async () => {
    const c = await courseWithClasses();
    expect((await admin('/api/courses/UpdateStudentStatus', { courseId: c.courseId, students: [{ studentId: cast.studentId, statusId: 4 }] })).statusCode).toBe(400);
  });
});

describe('GET /api/courses/DeleteStudentFromCourse', () => {
  it('removes a student without marked classes from the course and its registers', async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db);
    await enrol(ctx.db, c.courseId, studentId, { classIds: [c.past, c.next] });
    const res = await admin(`/api/courses/DeleteStudentFromCourse?courseId=${c.courseId}&studentId=${studentId}`);
    expect(res.json()).toEqual({ courseId: c.courseId, studentId, removed: true });
    expect(await lines(studentId, [c.past, c.next])).toEqual([]);
  });

  it('refuses once the student has a marked class, and says so in the students list', async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db, { firstName: 'Marked' });
    await enrol(ctx.db, c.courseId, studentId, { classIds: [c.past], lineStatusId: 5 });
    const res = await admin(`/api/courses/DeleteStudentFromCourse?courseId=${c.courseId}&studentId=${studentId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This student has marked or paid classes on this course and can not be removed');
    const list = (await admin(`/api/students/GetStudentsByCourseId?id=${c.courseId}`)).json();
    expect(list.students[0]).toMatchObject({ studentId, hasMarkedOrPaid: true });
  });

  it('refuses once a class of the student is Paid', async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db);
    await enrol(ctx.db, c.courseId, studentId, { classIds: [c.past] });
    await markPaid(ctx.db, c.past);
    expect((await admin(`/api/courses/DeleteStudentFromCourse?courseId=${c.courseId}&studentId=${studentId}`)).statusCode).toBe(400);
  });

  it('marks a past class once the only pending student is removed', async () => {
    const c = await courseWithClasses();
    const done = await createStudent(ctx.db);
    const leaver = await createStudent(ctx.db);
    await enrol(ctx.db, c.courseId, done.studentId, { classIds: [c.past], lineStatusId: 2 });
    await enrol(ctx.db, c.courseId, leaver.studentId, { classIds: [c.past] });
    await admin(`/api/courses/DeleteStudentFromCourse?courseId=${c.courseId}&studentId=${leaver.studentId}`);
    expect((await admin(`/api/classes/getbyid?id=${c.past}`)).json().seriesStatusId).toBe(3);
  });
});

describe('GET /api/students/GetStudentsByCourseId', () => {
  it('filters by status and a first-name substring whatever its case, 9 a page', async () => {
    const { courseId } = await createCourse(ctx.db);
    for (let i = 0; i < 11; i++) {
      const { studentId } = await createStudent(ctx.db, { firstName: i % 2 === 0 ? `Alexandra${i}` : `Zoe${i}` });
      await enrol(ctx.db, courseId, studentId, { statusId: i < 10 ? 1 : 2 });
    }
    const page1 = (await admin(`/api/students/GetStudentsByCourseId?id=${courseId}`)).json();
    expect(page1).toMatchObject({ total: 11, page: 1, pageSize: 9 });
    expect(page1.students).toHaveLength(9);
    expect((await admin(`/api/students/GetStudentsByCourseId?id=${courseId}&page=2`)).json().students).toHaveLength(2);
    expect((await admin(`/api/students/GetStudentsByCourseId?id=${courseId}&statusId=2`)).json().total).toBe(1);
    expect((await admin(`/api/students/GetStudentsByCourseId?id=${courseId}&firstName=XAND`)).json().total).toBe(6);
  });
});

describe('per-class overrides', () => {
  it("sets a student's status on classes of the course and lists it per class", async () => {
    const c = await courseWithClasses();
    const { studentId } = await createStudent(ctx.db);
    await enrol(ctx.db, c.courseId, studentId, { classIds: [c.next, c.later] });
    const res = await admin('/api/courses/UpdateStudentOveride', { courseId: c.courseId, studentId, classes: [{ classId: c.past, statusId: 3 }, { classId: c.next, statusId: 0 }] });
    expect(res.statusCode, res.body).toBe(200);
    const overrides = (await admin(`/api/courses/GetCourseStudentOveride?courseId=${c.courseId}&studentId=${studentId}`)).json();
    expect(overrides.map((o: { classId: number; statusId: number; isOverride: boolean; classStatusId: number }) => [o.classId, o.statusId, o.isOverride, o.classStatusId]))
      .toEqual([[c.past, 3, true, 3], [c.next, 0, true, 1], [c.later, 1, false, 1]]);
    expect(overrides[0].classDateString).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('refuses a class of another course and a Paid class', async () => {
    const c = await courseWithClasses();
    const other = await courseWithClasses();
    const wrong = await admin('/api/courses/UpdateStudentOveride', { courseId: c.courseId, studentId: cast.studentId, classes: [{ classId: other.past, statusId: 3 }] });
    expect(wrong.json().message).toBe('This class is not part of this course');
    await markPaid(ctx.db, c.past);
    const paid = await admin('/api/courses/UpdateStudentOveride', { courseId: c.courseId, studentId: cast.studentId, classes: [{ classId: c.past, statusId: 3 }] });
    expect(paid.json().message).toBe('This class has been paid and its attendance can not be changed');
  });
});
