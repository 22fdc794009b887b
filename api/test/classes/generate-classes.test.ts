import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createCast, createClass, createCompany, createCourse, createRate, createRoom, createTeacherWithRate, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

interface GeneratedClass { classId: number; startsAt: string; time: string; classDateString: string; weekday: string; studentCount: number }

async function scenario(options: { duration?: number; classLengthTemplate?: number; typeId?: number; companyCode?: string | null } = {}) {
  const teacher = await createTeacherWithRate(ctx.db);
  const companyId = options.companyCode === null ? null : (await createCompany(ctx.db, options.companyCode ? { code: options.companyCode } : {})).companyId;
  const course = await createCourse(ctx.db, { duration: options.duration ?? 10, classLengthTemplate: options.classLengthTemplate ?? 60, typeId: options.typeId, companyId });
  return { ...teacher, ...course, body: { courseId: course.courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId, scheduleId: 1, time: '09:00', classLength: 60 } };
}

const generate = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/classes/GenerateClasses', headers: cast.headers.admin, payload });

describe('POST /api/classes/GenerateClasses', () => {
  it('keeps a weekly 09:00 class at 09:00 London time across the March clock change', async () => {
    const s = await scenario();
    const res = await generate({ ...s.body, startDateString: '15/3/2027', dayWeekId: 1, numberOfClasses: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const classes: GeneratedClass[] = res.json().classes;
    // 29/03/2027 is Easter Monday, a bank holiday on the closure list: the series runs on to 12/04.
    expect(classes.map((c) => c.classDateString)).toEqual(['15/03/2027', '22/03/2027', '05/04/2027', '12/04/2027']);
    expect(classes.map((c) => c.time)).toEqual(['09:00', '09:00', '09:00', '09:00']);
    expect(classes.map((c) => c.startsAt)).toEqual(['2027-03-15T09:00:00.000Z', '2027-03-22T09:00:00.000Z', '2027-04-05T08:00:00.000Z', '2027-04-12T08:00:00.000Z']);
  });

  it('keeps 09:00 across the October clock change too', async () => {
    const s = await scenario();
    const classes: GeneratedClass[] = (await generate({ ...s.body, startDateString: '18/10/2027', dayWeekId: 1, numberOfClasses: 3 })).json().classes;
    expect(classes.map((c) => c.startsAt)).toEqual(['2027-10-18T08:00:00.000Z', '2027-10-25T08:00:00.000Z', '2027-11-01T09:00:00.000Z']);
  });

  it('starts on the chosen weekday and follows a fortnightly schedule', async () => {
    const s = await scenario();
    const classes: GeneratedClass[] = (await generate({ ...s.body, startDateString: '1/1/2027', dayWeekId: 2, scheduleId: 2, numberOfClasses: 3 })).json().classes;
    expect(classes.map((c) => `${c.weekday} ${c.classDateString}`)).toEqual(['Tuesday 05/01/2027', 'Tuesday 19/01/2027', 'Tuesday 02/02/2027']);
  });

  it('builds the course title from company code, subject and level, start date and minutes', async () => {
    const s = await scenario({ companyCode: 'GLOBEX' });
    const res = await generate({ ...s.body, startDateString: '9/3/2027', numberOfClasses: 2 });
    const course = await ctx.db.selectFrom('courses').innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
      .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
      .select(['courses.title', 'subjects.name as subject', 'courseLevels.name as level']).where('courseId', '=', s.courseId).executeTakeFirstOrThrow();
    expect(res.json().title).toBe(`GLOBEX ${course.subject} ${course.level} 090327 600m`);
    expect(course.title).toBe(res.json().title);
  });

  it('names the attendee in the title of an individual course, and "Private" without a company', async () => {
    const s = await scenario({ typeId: 2, companyCode: null });
    const { studentId } = await createStudent(ctx.db, { firstName: 'Maria', lastName: 'Lopez' });
    await enrol(ctx.db, s.courseId, studentId);
    const res = await generate({ ...s.body, startDateString: '9/3/2027', numberOfClasses: 1 });
    expect(res.json().title).toBe('Private Maria Lopez 090327 600m');
  });

  it('puts the enrolled students on every new register, pending', async () => {
    const s = await scenario();
    await enrol(ctx.db, s.courseId, cast.studentId);
    await enrol(ctx.db, s.courseId, cast.student2Id, { statusId: 2 });
    const classes: GeneratedClass[] = (await generate({ ...s.body, startDateString: '1/2/2027', numberOfClasses: 2 })).json().classes;
    expect(classes.map((c) => c.studentCount)).toEqual([1, 1]);
  });

  it("refuses with 'No minutes remaining' when the course has none left", async () => {
    const s = await scenario({ duration: 1 });
    await generate({ ...s.body, startDateString: '1/2/2027', numberOfClasses: 1 });
    const res = await generate({ ...s.body, startDateString: '1/3/2027', numberOfClasses: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No minutes remaining');
  });

  it('refuses classes that would add up to more than the minutes bought, writing nothing', async () => {
    const s = await scenario({ duration: 3 });
    const res = await generate({ ...s.body, startDateString: '1/2/2027', numberOfClasses: 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Sorry, you don't have enough time left to generate this class or classes!");
    const count = await ctx.db.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n')).where('courseId', '=', s.courseId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a rate that is not the teacher’s', async () => {
    const s = await scenario();
    const other = await createTeacherWithRate(ctx.db);
    const res = await generate({ ...s.body, teacherRateId: other.teacherRateId, startDateString: '1/2/2027', numberOfClasses: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ teacherRateId: ['Please select a rate of the chosen teacher'] });
  });

  it('asks for every required field', async () => {
    const res = await generate({ courseId: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['classLength', 'numberOfClasses', 'scheduleId', 'startDateString', 'teacherId', 'teacherRateId', 'time']);
  });

  it.each([['31/2/2027', 'startDateString'], ['1/2/27', 'startDateString']])('refuses a start date of %s', async (startDateString, field) => {
    const s = await scenario();
    const res = await generate({ ...s.body, startDateString, numberOfClasses: 1 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
  });

  it('refuses a time that is not in 5-minute steps', async () => {
    const s = await scenario();
    const res = await generate({ ...s.body, time: '09:07', startDateString: '1/2/2027', numberOfClasses: 1 });
    expect(res.json().message).toBe('Please choose a time in steps of 5 minutes');
  });

  it('warns about a teacher already booked and creates nothing until told to go ahead', async () => {
    const s = await scenario();
    const busy = await createCourse(ctx.db);
    await createClass(ctx.db, { teacherId: s.teacherId, teacherRateId: s.teacherRateId, courseId: busy.courseId, startsAt: new Date('2027-05-10T08:30:00Z') });
    const res = await generate({ ...s.body, startDateString: '3/5/2027', dayWeekId: 1, numberOfClasses: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CLASH', message: 'The teacher or the room is already booked at that time', clashes: [{ kind: 'teacher', classDateString: '10/05/2027', classDatesCombined: '09:30 - 10:30' }] });
    const confirmed = await generate({ ...s.body, startDateString: '3/5/2027', dayWeekId: 1, numberOfClasses: 3, allowClashes: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().classes).toHaveLength(3);
  });

  it('warns about a room already booked by another teacher', async () => {
    const s = await scenario();
    const { companyId } = await createCompany(ctx.db);
    const roomId = await createRoom(ctx.db, companyId);
    const other = await createTeacherWithRate(ctx.db);
    const busy = await createCourse(ctx.db);
    await createClass(ctx.db, { ...other, courseId: busy.courseId, roomId, startsAt: new Date('2027-06-07T08:00:00Z') });
    const res = await generate({ ...s.body, roomId, startDateString: '7/6/2027', numberOfClasses: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().clashes).toMatchObject([{ kind: 'room' }]);
  });

  it('is refused to teachers', async () => {
    const s = await scenario();
    const rate = await createRate(ctx.db, cast.teacherId);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/classes/GenerateClasses', headers: cast.headers.teacher, payload: { ...s.body, teacherId: cast.teacherId, teacherRateId: rate, startDateString: '1/2/2027', numberOfClasses: 1 } });
    expect(res.statusCode).toBe(403);
  });
});
