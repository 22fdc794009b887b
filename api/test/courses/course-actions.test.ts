import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createClass, createCourse, createRate, createTeachingSetup, daysFromNow, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const call = (caller: keyof Cast['headers'], url: string, method: 'GET' | 'POST' = 'GET') => ctx.app.inject({ method, url, headers: cast.headers[caller] });

describe('GET /api/courses/UpdateCourseStatus', () => {
  it('changes the status and returns the course', async () => {
    const { courseId } = await createCourse(ctx.db, { statusId: 1 });
    const res = await call('admin', `/api/courses/UpdateCourseStatus?courseId=${courseId}&courseStatusId=2`);
    expect(res.json()).toMatchObject({ courseId, courseStatusId: 2, courseStatus: 'Active' });
  });

  it('offers Draft only while no class is marked', async () => {
    const setup = await createTeachingSetup(ctx.db, { studentId: cast.studentId, startsAt: daysFromNow(-2), classStatusId: 3 });
    const res = await call('admin', `/api/courses/UpdateCourseStatus?courseId=${setup.courseId}&courseStatusId=1`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A course with marked classes can not go back to Draft');
  });

  it('answers 404 for a course that does not exist', async () => {
    expect((await call('admin', '/api/courses/UpdateCourseStatus?courseId=999999&courseStatusId=2')).statusCode).toBe(404);
  });
});

describe('POST /api/courses/clone', () => {
  it('makes a Draft copy with no dates or classes, pointing at its parent, with the enrolments', async () => {
    const setup = await createTeachingSetup(ctx.db, { studentId: cast.studentId });
    const res = await call('admin', `/api/courses/clone?id=${setup.courseId}`, 'POST');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ parentId: setup.courseId, courseStatusId: 1, startDate: null, startDateString: '', totalClasses: 0, enrolledCount: 1 });
    const parent = (await call('admin', `/api/courses/GetById?id=${setup.courseId}`)).json();
    expect(parent.hasClone).toBe(true);
  });
});

describe('GET /api/courses/GetById and GetCourseByClassId', () => {
  it('lets the teacher of a class and its student read the course, and nobody else', async () => {
    const setup = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId });
    expect((await call('teacher', `/api/courses/GetById?id=${setup.courseId}`)).statusCode).toBe(200);
    const asStudent = await call('student', `/api/courses/GetById?id=${setup.courseId}`);
    expect(asStudent.json()).toMatchObject({ courseId: setup.courseId, studentStatusId: 1 });
    expect((await call('teacher2', `/api/courses/GetById?id=${setup.courseId}`)).statusCode).toBe(404);
    expect((await call('teacher2', `/api/courses/GetCourseByClassId?id=${setup.classId}`)).statusCode).toBe(404);
    expect((await call('teacher', `/api/courses/GetCourseByClassId?id=${setup.classId}&cachebuster=1`)).json().courseId).toBe(setup.courseId);
  });

  it('answers a course that does not exist exactly like one that is not yours', async () => {
    const res = await call('teacher2', '/api/courses/GetById?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Course not found');
  });
});

describe("GET /api/courses/GetCoursesByStudentId", () => {
  it('lists the student’s courses by current, past and future', async () => {
    const { studentId } = cast;
    const past = await createCourse(ctx.db, { startDate: '2024-01-01', endDate: '2024-06-30' });
    const future = await createCourse(ctx.db, { startDate: '2099-01-01', endDate: '2099-06-30' });
    const current = await createCourse(ctx.db, { startDate: '2020-01-01', endDate: '2099-12-31', statusId: 3 });
    for (const c of [past, future, current]) await enrol(ctx.db, c.courseId, studentId);
    const ids = async (query: string) => (await call('student', `/api/courses/GetCoursesByStudentId?studentId=${studentId}${query}`)).json().map((c: { courseId: number }) => c.courseId);
    expect(await ids('&viewStatus=Past')).toContain(past.courseId);
    expect(await ids('&viewStatus=Past')).not.toContain(current.courseId);
    expect(await ids('&viewStatus=Future')).toEqual([future.courseId]);
    expect(await ids('&viewStatus=Current')).toContain(current.courseId);
    expect(await ids('&viewStatus=All')).toEqual(expect.arrayContaining([past.courseId, future.courseId, current.courseId]));
    expect(await ids('&onlyActive=true')).not.toContain(current.courseId);
  });

  it("refuses another student's courses to a student", async () => {
    expect((await call('student', `/api/courses/GetCoursesByStudentId?studentId=${cast.student2Id}`)).statusCode).toBe(403);
  });
});

describe('GET /api/courses/GetCoursesByTeacherId', () => {
  it("lists the teacher's own courses, by search text and those requiring marking", async () => {
    const rateId = await createRate(ctx.db, cast.teacher2Id);
    const marking = await createCourse(ctx.db, { title: 'Needs Marking Course' });
    await createClass(ctx.db, { teacherId: cast.teacher2Id, teacherRateId: rateId, courseId: marking.courseId, startsAt: daysFromNow(-3) });
    const quiet = await createCourse(ctx.db, { title: 'Quiet Course' });
    await createClass(ctx.db, { teacherId: cast.teacher2Id, teacherRateId: rateId, courseId: quiet.courseId, startsAt: daysFromNow(3) });
    const ids = async (query: string) => (await call('teacher2', `/api/courses/GetCoursesByTeacherId?${query}`)).json().map((c: { courseId: number }) => c.courseId);
    expect(await ids('')).toEqual(expect.arrayContaining([marking.courseId, quiet.courseId]));
    expect(await ids('requiresMarking=true')).toEqual([marking.courseId]);
    expect(await ids('searchCriteria=quiet')).toEqual([quiet.courseId]);
  });

  it("refuses another teacher's courses to a teacher", async () => {
    expect((await call('teacher', `/api/courses/GetCoursesByTeacherId?teacherId=${cast.teacher2Id}`)).statusCode).toBe(403);
  });

  it('asks an admin to say which teacher', async () => {
    expect((await call('admin', '/api/courses/GetCoursesByTeacherId')).statusCode).toBe(400);
  });
});
