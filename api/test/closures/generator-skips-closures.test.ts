import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCourse, createTeacherWithRate, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The class generator leaves out closure days (bank holidays included) and still makes the count
// asked for; PlanClasses says which dates it would skip, before anything is created.

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

async function request(overrides: Record<string, unknown>) {
  const teacher = await createTeacherWithRate(ctx.db);
  const { courseId } = await createCourse(ctx.db, { duration: 20, classLengthTemplate: 60 });
  return { courseId, teacherId: teacher.teacherId, teacherRateId: teacher.teacherRateId, scheduleId: 1, time: '18:00', classLength: 60, ...overrides };
}
const post = (url: string, payload: Record<string, unknown>, headers = cast.headers.admin) => ctx.app.inject({ method: 'POST', url, headers, payload });
const classCount = async (courseId: number) =>
  Number((await ctx.db.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n')).where('courseId', '=', courseId).executeTakeFirstOrThrow()).n);

describe('generating a series around closures', () => {
  it('skips Easter Monday 2027 (29/03/2027) and still makes every class asked for', async () => {
    const body = await request({ startDateString: '15/3/2027', dayWeekId: 1, numberOfClasses: 4 });
    const res = await post('/api/classes/GenerateClasses', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().classes.map((c: { classDateString: string }) => c.classDateString)).toEqual(['15/03/2027', '22/03/2027', '05/04/2027', '12/04/2027']);
    expect(res.json().skipped).toEqual([{ date: '2027-03-29', dateString: '29/03/2027', closureName: 'Easter Monday' }]);
    expect(await classCount(body.courseId as number)).toBe(4);
  });

  it('plans the same dates and skips without writing anything', async () => {
    const body = await request({ startDateString: '15/3/2027', dayWeekId: 1, numberOfClasses: 4 });
    const res = await post('/api/classes/PlanClasses', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      dates: ['2027-03-15', '2027-03-22', '2027-04-05', '2027-04-12'],
      dateStrings: ['15/03/2027', '22/03/2027', '05/04/2027', '12/04/2027'],
      skipped: [{ date: '2027-03-29', dateString: '29/03/2027', closureName: 'Easter Monday' }],
    });
    expect(await classCount(body.courseId as number)).toBe(0);
  });

  it("skips every day of a school's own closure range, named", async () => {
    const closure = await post('/api/closures/upsert', { name: 'Summer closure', fromDateString: '2/8/2032', toDateString: '13/8/2032' });
    expect(closure.statusCode).toBe(200);
    const res = await post('/api/classes/GenerateClasses', await request({ startDateString: '26/7/2032', dayWeekId: 1, numberOfClasses: 3 }));
    expect(res.json().classes.map((c: { classDateString: string }) => c.classDateString)).toEqual(['26/07/2032', '16/08/2032', '23/08/2032']);
    expect(res.json().skipped.map((s: { dateString: string; closureName: string }) => `${s.dateString} ${s.closureName}`)).toEqual(['02/08/2032 Summer closure', '09/08/2032 Summer closure']);
  });

  it('runs on past year-long closures rather than stopping at them', async () => {
    await post('/api/closures/upsert', { name: 'Refurbishment', fromDateString: '1/1/2033', toDateString: '31/12/2033' });
    await post('/api/closures/upsert', { name: 'Refurbishment, part two', fromDateString: '1/1/2034', toDateString: '31/12/2034' });
    const body = await request({ startDateString: '3/1/2033', dayWeekId: 1, numberOfClasses: 200, classLength: 5 });
    const res = await post('/api/classes/GenerateClasses', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().classes[0].classDateString).toBe('01/01/2035');
    expect(res.json().skipped).toHaveLength(104);
  });

  it('moves a class to the end onto the next open slot, past a bank holiday', async () => {
    const res = await post('/api/classes/GenerateClasses', await request({ startDateString: '1/3/2027', dayWeekId: 1, numberOfClasses: 4 }));
    const [first] = res.json().classes as { classId: number }[];
    const moved = await ctx.app.inject({ url: `/api/classes/UpdateClassDateToLast?classId=${first!.classId}`, headers: cast.headers.admin });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().classDateString).toBe('05/04/2027'); // after 22/03 comes Easter Monday 29/03, skipped
  });

  it('plans for admins only, and answers 400 for a bad request', async () => {
    const body = await request({ startDateString: '15/3/2027', numberOfClasses: 2 });
    expect((await post('/api/classes/PlanClasses', body, cast.headers.teacher)).statusCode).toBe(403);
    expect((await post('/api/classes/PlanClasses', { ...body, startDateString: '31/2/2027' })).statusCode).toBe(400);
    expect((await post('/api/classes/PlanClasses', { ...body, courseId: 999_999 })).statusCode).toBe(404);
  });
});
