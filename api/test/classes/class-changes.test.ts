import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createClass, createCourse, createRate, createTeacherWithRate, daysFromNow, markPaid, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

type Caller = keyof Cast['headers'];
const get = (url: string, caller: Caller = 'admin') => ctx.app.inject({ url, headers: cast.headers[caller] });
const post = (url: string, payload: unknown, caller: Caller = 'admin') => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cast.headers[caller] });

/**
 * A course with a generated series, Mondays 09:00 from 1/3/2027 (weekly unless told), taught by a
 * fresh teacher so series of different tests never clash, or by the given one.
 */
async function series(options: { scheduleId?: number; numberOfClasses?: number; duration?: number; startDateString?: string; teacherId?: number } = {}) {
  const teacherId = options.teacherId ?? (await createTeacherWithRate(ctx.db)).teacherId;
  const teacherRateId = await createRate(ctx.db, teacherId);
  const { courseId } = await createCourse(ctx.db, { duration: options.duration ?? 10 });
  const res = await post('/api/classes/GenerateClasses', {
    courseId, teacherId, teacherRateId, time: '09:00', scheduleId: options.scheduleId ?? 1, dayWeekId: 1,
    startDateString: options.startDateString ?? '1/3/2027', numberOfClasses: options.numberOfClasses ?? 4, classLength: 60, allowClashes: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const classes = res.json().classes as { classId: number; classSeriesId: number; classDateString: string }[];
  return { courseId, teacherId, teacherRateId, classes, ids: classes.map((c) => c.classId) };
}

describe('GET /api/classes/UpdateClassDateToLast', () => {
  it('moves a class to the week after the last class of its weekly series, at the series time', async () => {
    const s = await series();
    const res = await get(`/api/classes/UpdateClassDateToLast?classId=${s.ids[1]}`);
    expect(res.statusCode, res.body).toBe(200);
    // The week after is 29/03/2027, Easter Monday (a bank holiday on the closure list): the class goes to the next open Monday.
    expect(res.json()).toMatchObject({ classDateString: '05/04/2027', time: '09:00', weekday: 'Monday' });
  });

  it('follows a fortnightly series', async () => {
    const s = await series({ scheduleId: 2, numberOfClasses: 3 });
    // 29/03/2027 is Easter Monday, a bank holiday: the generator skips that fortnight's slot.
    expect(s.classes.map((c) => c.classDateString)).toEqual(['01/03/2027', '15/03/2027', '12/04/2027']);
    expect((await get(`/api/classes/UpdateClassDateToLast?classId=${s.ids[0]}`)).json().classDateString).toBe('26/04/2027');
  });

  it('lets the teacher of the class move it, but not another teacher', async () => {
    const s = await series({ teacherId: cast.teacherId, startDateString: '6/3/2028' });
    expect((await get(`/api/classes/UpdateClassDateToLast?classId=${s.ids[0]}`, 'teacher2')).statusCode).toBe(404);
    expect((await get(`/api/classes/UpdateClassDateToLast?classId=${s.ids[0]}`, 'teacher')).statusCode).toBe(200);
  });

  it('refuses to move a Marked class', async () => {
    const s = await series();
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', s.ids[0] as number).execute();
    const res = await get(`/api/classes/UpdateClassDateToLast?classId=${s.ids[0]}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Marked or paid classes can not be changed');
  });
});

describe('GET /api/classes/UpdateClassDate', () => {
  const reschedule = (classId: number, classDate: string, extra = '', caller: Caller = 'admin') =>
    get(`/api/classes/UpdateClassDate?classId=${classId}&classDate=${encodeURIComponent(classDate)}${extra}`, caller);

  it('moves a class to a London date and time and can change its length', async () => {
    const s = await series({ teacherId: cast.teacherId, startDateString: '4/3/2029' });
    const res = await reschedule(s.ids[0] as number, '2/7/2027 14:35', '&classLength=45', 'teacher');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ classDateString: '02/07/2027', time: '14:35', classEndTime: '15:20', classLength: 45, startsAt: '2027-07-02T13:35:00.000Z' });
  });

  it('bumps the class version', async () => {
    const s = await series();
    const res = await reschedule(s.ids[0] as number, '3/7/2027 10:00');
    expect(res.json().version).toBe(2);
  });

  it.each([
    ['minutes not in 5-minute steps', '2/7/2027 14:33', 'Please choose a time in steps of 5 minutes'],
    ['a date that does not exist', '31/6/2027 14:30', 'Please enter the class date as d/m/yyyy HH:mm'],
    ['no time', '2/7/2027', 'Please enter the class date as d/m/yyyy HH:mm'],
  ])('refuses %s', async (_case, classDate, message) => {
    const s = await series();
    const res = await reschedule(s.ids[0] as number, classDate);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a longer class with 'Not enough minutes remaining'", async () => {
    const s = await series({ duration: 4 });
    const res = await reschedule(s.ids[0] as number, '1/3/2027 09:00', '&classLength=61');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Not enough minutes remaining');
  });

  it('refuses to reschedule a Paid class', async () => {
    const s = await series();
    await markPaid(ctx.db, s.ids[0] as number);
    expect((await reschedule(s.ids[0] as number, '3/7/2027 10:00')).json().message).toBe('Marked or paid classes can not be changed');
  });

  it("answers teacher2 with 404 for teacher's class", async () => {
    const s = await series({ teacherId: cast.teacherId, startDateString: '3/3/2031' });
    expect((await reschedule(s.ids[0] as number, '3/7/2027 10:00', '', 'teacher2')).statusCode).toBe(404);
  });

  it('warns when the teacher already teaches at the new time, then goes ahead when allowed', async () => {
    const s = await series();
    const res = await reschedule(s.ids[0] as number, '8/3/2027 09:30');
    expect(res.statusCode).toBe(409);
    expect(res.json().clashes).toMatchObject([{ kind: 'teacher', classId: s.ids[1] }]);
    expect((await reschedule(s.ids[0] as number, '8/3/2027 09:30', '&allowClashes=true')).statusCode).toBe(200);
  });
});

describe('POST /api/classes/updateclass', () => {
  it('changes teacher, rate, length and time of one class', async () => {
    const s = await series();
    const other = await createTeacherWithRate(ctx.db);
    const res = await post('/api/classes/updateclass', { classId: s.ids[2], teacherId: other.teacherId, teacherRateId: other.teacherRateId, classLength: 45, time: '11:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ teacherId: other.teacherId, classLength: 45, time: '11:00', classEndTime: '11:45', classDateString: '15/03/2027' });
  });

  it("refuses with 'Not enough minutes remaining' when the length change overruns the course", async () => {
    const s = await series({ duration: 4 });
    const res = await post('/api/classes/updateclass', { classId: s.ids[0], classLength: 75 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Not enough minutes remaining');
  });

  it('refuses a rate of another teacher', async () => {
    const s = await series();
    const other = await createTeacherWithRate(ctx.db);
    expect((await post('/api/classes/updateclass', { classId: s.ids[0], teacherRateId: other.teacherRateId })).json().fieldErrors)
      .toEqual({ teacherRateId: ['Please select a rate of the chosen teacher'] });
  });

  it('is refused to teachers, even for their own class', async () => {
    const s = await series({ teacherId: cast.teacherId, startDateString: '1/3/2032' });
    expect((await post('/api/classes/updateclass', { classId: s.ids[0], classLength: 30 }, 'teacher')).statusCode).toBe(403);
  });
});

describe('POST /api/classes/applyToSeries', () => {
  it('applies the new time and length to every class not Marked or Paid', async () => {
    const s = await series({ numberOfClasses: 4 });
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', s.ids[0] as number).execute();
    const res = await post('/api/classes/applyToSeries', { classId: s.ids[1], time: '10:30', classLength: 45 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ updated: 3, skipped: 1 });
    expect(body.classes.map((c: { time: string; classLength: number }) => `${c.time}/${c.classLength}`)).toEqual(['09:00/60', '10:30/45', '10:30/45', '10:30/45']);
    // Moving to the end now uses the series' new time (on 05/04/2027: 29/03/2027 is Easter Monday, a closure).
    expect((await get(`/api/classes/UpdateClassDateToLast?classId=${s.ids[1]}`)).json()).toMatchObject({ time: '10:30', classDateString: '05/04/2027' });
  });

  it("refuses with 'Not enough minutes remaining' when the longer classes overrun the course", async () => {
    const s = await series({ duration: 4 });
    expect((await post('/api/classes/applyToSeries', { classId: s.ids[0], classLength: 61 })).json().message).toBe('Not enough minutes remaining');
  });
});

describe('deleting classes', () => {
  it('deletes one class', async () => {
    const s = await series();
    expect((await get(`/api/classes/deletebyid?id=${s.ids[0]}`)).json()).toEqual({ deleted: 1, skipped: 0 });
    expect((await get(`/api/classes/getbyid?id=${s.ids[0]}`)).statusCode).toBe(404);
  });

  it('refuses to delete a Marked class', async () => {
    const s = await series();
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', s.ids[0] as number).execute();
    const res = await get(`/api/classes/deletebyid?id=${s.ids[0]}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Marked or paid classes can not be changed');
  });

  it('deletes a series but keeps its Marked and Paid classes', async () => {
    const s = await series({ numberOfClasses: 4 });
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', s.ids[0] as number).execute();
    await markPaid(ctx.db, s.ids[1] as number);
    expect((await get(`/api/classes/DeleteSeriesByClassId?id=${s.ids[3]}`)).json()).toEqual({ deleted: 2, skipped: 2 });
    const left = (await get(`/api/classes/GetByCourseId?id=${s.courseId}`)).json().map((c: { classId: number }) => c.classId);
    expect(left).toEqual([s.ids[0], s.ids[1]]);
  });

  it('removes an emptied series', async () => {
    const s = await series({ numberOfClasses: 2 });
    await get(`/api/classes/DeleteSeriesByClassId?id=${s.ids[0]}`);
    expect((await get(`/api/classes/GetSeriesByCourseId?id=${s.courseId}`)).json()).toEqual([]);
  });
});

describe('reading classes', () => {
  it('lists the series of a course with its counts', async () => {
    const s = await series({ numberOfClasses: 3 });
    expect((await get(`/api/classes/GetSeriesByCourseId?id=${s.courseId}`)).json()).toMatchObject([
      { scheduleId: 1, schedule: 'Weekly', dayWeekId: 1, dayWeek: 'Monday', startDateString: '01/03/2027', time: '09:00', numberOfClasses: 3, classCount: 3, markedCount: 0 },
    ]);
  });

  it("shows a teacher only their own classes of a shared course", async () => {
    const s = await series({ numberOfClasses: 1, teacherId: cast.teacherId, startDateString: '5/3/2035' });
    const rate2 = await createRate(ctx.db, cast.teacher2Id);
    await createClass(ctx.db, { teacherId: cast.teacher2Id, teacherRateId: rate2, courseId: s.courseId, startsAt: daysFromNow(40) });
    expect((await get(`/api/classes/GetByCourseId?id=${s.courseId}`, 'teacher')).json()).toHaveLength(1);
    expect((await get(`/api/classes/GetByCourseId?id=${s.courseId}`, 'admin')).json()).toHaveLength(2);
  });
});
