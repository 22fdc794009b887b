import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createClass, createCompany, createCourse, createSubjectAndLevel, createTeacherWithRate, daysFromNow, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Found by the bad-input fuzz: ids past PostgreSQL's integer range (2^31) passed the schemas and
// failed in the database with a 500. An id that cannot exist is the sender's mistake: 400.

const TOO_BIG = 2 ** 31;

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: cast.headers.admin, payload });

async function classesCount(): Promise<number> {
  return Number((await ctx.db.selectFrom('classes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

describe('ids past the integer range', () => {
  it.each(['teacherId', 'teacherRateId', 'scheduleId', 'roomId'])('GenerateClasses with %s = 2^31: 400, no class made', async (field) => {
    const { teacherId, teacherRateId } = await createTeacherWithRate(ctx.db);
    const { courseId } = await createCourse(ctx.db);
    const before = await classesCount();
    const res = await post('/api/classes/GenerateClasses', {
      courseId, teacherId, teacherRateId, time: '10:00', scheduleId: 1, startDateString: '2/3/2031', numberOfClasses: 2, classLength: 60, allowClashes: true, [field]: TOO_BIG,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    expect(await classesCount()).toBe(before);
  });

  it.each([
    ['/api/classes/updateclass', 'teacherId'], ['/api/classes/updateclass', 'teacherRateId'], ['/api/classes/updateclass', 'roomId'],
    ['/api/classes/applyToSeries', 'teacherId'], ['/api/classes/applyToSeries', 'teacherRateId'], ['/api/classes/applyToSeries', 'roomId'],
  ])('%s with %s = 2^31 on a class that may change: 400', async (url, field) => {
    const { teacherId, teacherRateId } = await createTeacherWithRate(ctx.db);
    const { courseId } = await createCourse(ctx.db);
    const { classId } = await createClass(ctx.db, { courseId, teacherId, teacherRateId, startsAt: daysFromNow(10) });
    const res = await post(url, { classId, allowClashes: true, [field]: TOO_BIG });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('UpsertCompanyAddress with addressId = 2^31: 400', async () => {
    const { companyId } = await createCompany(ctx.db);
    const res = await post('/api/companies/UpsertCompanyAddress', { companyId, addressId: TOO_BIG, address: '3 Side Street', town: 'York', postCode: 'YO1 1AA' });
    expect(res.statusCode, res.body).toBe(400);
  });

  it("rooms/upsert with companyId = 2^31: 400 with the form's message", async () => {
    const res = await post('/api/rooms/upsert', { name: 'Room 2^31', companyId: TOO_BIG });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors.companyId).toEqual(['Please select a company']);
  });

  it.each([['subjectId', 'Please select a subject'], ['courseLevelId', 'Please select a level'], ['companyId', 'Please select a company']])(
    "courses/upsert with %s = 2^31: 400 with the form's message",
    async (field, message) => {
      const { subjectId, courseLevelId } = await createSubjectAndLevel(ctx.db);
      const { companyId } = await createCompany(ctx.db);
      const res = await post('/api/courses/upsert', {
        title: 'Range check', description: 'Ids past 2^31', typeId: 1, subjectId, courseLevelId, companyId,
        startDateString: '1/3/2031', endDateString: '30/6/2031', duration: 10, classLengthTemplate: 60, price: 500, [field]: TOO_BIG,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([message]);
    },
  );
});
