import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createSubjectAndLevel, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  await createSubjectAndLevel(ctx.db, 'Portuguese');
});

const get = (url: string, caller: keyof Cast['headers'] = 'student') => ctx.app.inject({ url, headers: cast.headers[caller] });

describe('lookups', () => {
  it('publishes the schedules the generator follows', async () => {
    const schedules = (await get('/api/staticdata/getallschedules')).json();
    expect(schedules.slice(0, 2)).toEqual([
      { scheduleId: 1, name: 'Weekly', intervalDays: 7, weekdaysOnly: false },
      { scheduleId: 2, name: 'Fortnightly', intervalDays: 14, weekdaysOnly: false },
    ]);
  });

  it('lists weekdays from Monday and the fixed course types', async () => {
    expect((await get('/api/staticdata/getalldayweeks')).json()[0]).toEqual({ dayWeekId: 1, name: 'Monday' });
    expect((await get('/api/courseTypes/getall')).json()).toEqual([{ courseTypeId: 1, name: 'Group' }, { courseTypeId: 2, name: 'Individual' }]);
  });

  it('answers the same path in any casing', async () => {
    const subjects = (await get('/api/SUBJECTS/getall')).json();
    expect(subjects).toEqual([{ subjectId: expect.any(Number), name: 'Portuguese', color: '#336699' }]);
    expect((await get('/api/courses/getalllevels')).statusCode).toBe(200);
    expect((await get('/api/staticdata/GetAllNationalities')).statusCode).toBe(200);
    expect((await get('/api/Avatar/GetAll')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ url: '/api/subjects/GetAll' })).statusCode).toBe(401);
  });
});
