import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, createCourse, createRoom, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const save = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/rooms/upsert', headers: cast.headers.admin, payload });
const get = (url: string) => ctx.app.inject({ url, headers: cast.headers.admin });

describe('POST /api/rooms/upsert', () => {
  it('creates a room with the default capacity of 10 and updates it', async () => {
    const { companyId } = await createCompany(ctx.db, { name: 'Initech' });
    const created = await save({ name: ' Room 1 ', companyId });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Room 1', capacity: 10, companyId, company: 'Initech', description: null });
    const updated = await save({ roomId: created.json().roomId, name: 'Room 1A', capacity: '14', companyId, description: 'By the lifts' });
    expect(updated.json()).toMatchObject({ roomId: created.json().roomId, name: 'Room 1A', capacity: 14, description: 'By the lifts' });
  });

  it('gives the spec messages for a missing name and company', async () => {
    const res = await save({ name: '  ', companyId: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please enter a room name', fieldErrors: { name: ['Please enter a room name'], companyId: ['Please select a company'] } });
  });

  it('refuses a company that does not exist and a silly capacity', async () => {
    expect((await save({ name: 'X', companyId: 999_999 })).json().fieldErrors).toEqual({ companyId: ['Please select a company'] });
    expect((await save({ name: 'X', companyId: 1, capacity: 0 })).json().fieldErrors).toEqual({ capacity: ['Please enter a capacity from 1 to 10000'] });
  });

  it('answers 404 when updating a room that does not exist', async () => {
    const { companyId } = await createCompany(ctx.db);
    expect((await save({ roomId: 999_999, name: 'Ghost', companyId })).statusCode).toBe(404);
  });
});

describe('reading rooms', () => {
  it("lists rooms by company, and a course's company's rooms (all rooms for a private course)", async () => {
    const one = await createCompany(ctx.db);
    const two = await createCompany(ctx.db);
    const r1 = await createRoom(ctx.db, one.companyId);
    const r2 = await createRoom(ctx.db, two.companyId);
    expect((await get(`/api/rooms/getbycompanyid?id=${one.companyId}`)).json().map((r: { roomId: number }) => r.roomId)).toEqual([r1]);
    const { courseId } = await createCourse(ctx.db, { companyId: two.companyId });
    expect((await get(`/api/rooms/getbycourseid?id=${courseId}`)).json().map((r: { roomId: number }) => r.roomId)).toEqual([r2]);
    const privateCourse = await createCourse(ctx.db, { companyId: null });
    expect((await get(`/api/rooms/getbycourseid?id=${privateCourse.courseId}`)).json().map((r: { roomId: number }) => r.roomId)).toEqual(expect.arrayContaining([r1, r2]));
    expect((await get(`/api/rooms/getbyid?id=${r1}`)).json()).toMatchObject({ roomId: r1, capacity: 10 });
    expect((await get('/api/rooms/getall')).json().length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a room that does not exist', async () => {
    expect((await get('/api/rooms/getbyid?id=999999')).statusCode).toBe(404);
  });

  it('is refused to teachers', async () => {
    expect((await ctx.app.inject({ url: '/api/rooms/getall', headers: cast.headers.teacher })).statusCode).toBe(403);
  });
});
