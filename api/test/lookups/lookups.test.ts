import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, createSubjectAndLevel, type Cast } from '../helpers/scheduling-factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

let testDb: TestDb;
let app: FastifyInstance;
let cast: Cast;

beforeAll(async () => {
  testDb = await createTestDb();
  app = await buildTestApp(testDb.db);
  cast = await createCast(testDb.db, app);
  await createSubjectAndLevel(testDb.db, 'Portuguese');
});
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

const get = (url: string, caller: keyof Cast['headers'] = 'student') => app.inject({ url, headers: cast.headers[caller] });

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
    expect((await app.inject({ url: '/api/subjects/GetAll' })).statusCode).toBe(401);
  });
});
