import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createClass, createCompany, createCourse, createRate, createRoom, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;
let roomId = 0;
const classIds: number[] = [];

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const teacherRateId = await createRate(ctx.db, cast.teacherId);
  const { companyId } = await createCompany(ctx.db);
  roomId = await createRoom(ctx.db, companyId);
  const { courseId } = await createCourse(ctx.db, { companyId, title: 'Calendar course' });
  for (const iso of ['2027-03-01T09:00:00Z', '2027-03-08T09:00:00Z', '2027-06-07T08:00:00Z']) {
    classIds.push((await createClass(ctx.db, { teacherId: cast.teacherId, teacherRateId, courseId, roomId, startsAt: new Date(iso) })).classId);
  }
  await enrol(ctx.db, courseId, cast.studentId, { classIds: classIds.slice(0, 2) });
});

type Caller = keyof Cast['headers'];
const events = (url: string, caller: Caller = 'admin') => ctx.app.inject({ url, headers: cast.headers[caller] });

describe('calendars', () => {
  it("gives a teacher's classes in a range as events", async () => {
    const res = await events(`/api/calandar/TeacherCalandar?id=${cast.teacherId}&start=2027-03-01&end=2027-04-01`, 'teacher');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { classId: classIds[0], courseId: expect.any(Number), title: 'Calendar course', start: '2027-03-01T09:00:00.000Z', end: '2027-03-01T10:00:00.000Z', color: '#336699', seriesStatusId: 1 },
      expect.objectContaining({ classId: classIds[1] }),
    ]);
  });

  it("gives a room's and a student's classes", async () => {
    expect((await events(`/api/calandar/RoomCalandar?id=${roomId}&start=2027-01-01&end=2027-12-31`)).json()).toHaveLength(3);
    expect((await events(`/api/calandar/StudentCalandar?id=${cast.studentId}&start=2027-01-01&end=2027-12-31`, 'student')).json()).toHaveLength(2);
  });

  it('refuses a teacher or a student asking for someone else', async () => {
    expect((await events(`/api/calandar/TeacherCalandar?id=${cast.teacherId}`, 'teacher2')).statusCode).toBe(403);
    expect((await events(`/api/calandar/StudentCalandar?id=${cast.student2Id}`, 'student')).statusCode).toBe(403);
    expect((await events(`/api/calandar/RoomCalandar?id=${roomId}`, 'teacher')).statusCode).toBe(403);
  });

  it('refuses a range that is backwards or longer than 800 days', async () => {
    expect((await events(`/api/calandar/TeacherCalandar?id=${cast.teacherId}&start=2027-04-01&end=2027-03-01`)).statusCode).toBe(400);
    expect((await events(`/api/calandar/TeacherCalandar?id=${cast.teacherId}&start=2020-01-01&end=2027-03-01`)).json().message).toBe('Please ask for at most 800 days at a time');
    expect((await events(`/api/calandar/TeacherCalandar?id=${cast.teacherId}&start=yesterday`)).statusCode).toBe(400);
  });
});
