import { beforeAll, describe, expect, it } from 'vitest';
import { keepBankHolidays } from '../../src/modules/closures/closures.service.js';
import { createCast, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const save = (payload: Record<string, unknown>, headers = cast.headers.admin) => ctx.app.inject({ method: 'POST', url: '/api/closures/upsert', headers, payload });
const remove = (closureId: number) => ctx.app.inject({ method: 'POST', url: '/api/closures/delete', headers: cast.headers.admin, payload: { closureId } });
const list = async () => (await ctx.app.inject({ url: '/api/closures/getall', headers: cast.headers.admin })).json() as { closureId: number; name: string; fromDate: string; bankHoliday: boolean }[];

describe('bank holidays on the closure list', () => {
  it("are there from start-up: this year's and next year's, by the England and Wales rule", async () => {
    const year = new Date().getUTCFullYear();
    const holidays = (await list()).filter((c) => c.bankHoliday);
    const years = new Set(holidays.map((h) => Number(h.fromDate.slice(0, 4))));
    expect([...years].sort()).toEqual(expect.arrayContaining([year, year + 1]));
    expect(holidays.filter((h) => h.name === 'Easter Monday').length).toBeGreaterThanOrEqual(2);
  });

  it('are added once: running the step again adds nothing, and a deleted one stays deleted', async () => {
    expect(await keepBankHolidays(ctx.db)).toBe(0);
    const easterMonday2027 = (await list()).find((c) => c.fromDate === '2027-03-29');
    expect(easterMonday2027).toMatchObject({ name: 'Easter Monday', bankHoliday: true });
    expect((await remove(easterMonday2027!.closureId)).statusCode).toBe(200);
    expect(await keepBankHolidays(ctx.db, new Date('2027-01-02T12:00:00Z'))).toBe(8); // 2028 arrives; 2027 stays as the school left it
    expect((await list()).some((c) => c.fromDate === '2027-03-29')).toBe(false);
    expect((await list()).some((c) => c.fromDate === '2028-04-17' && c.name === 'Easter Monday')).toBe(true);
  });
});

describe('POST /api/closures/upsert', () => {
  it('adds a one-day closure, shows its dates as dd/MM/yyyy, and edits it into a range', async () => {
    const created = await save({ name: ' Staff training ', fromDateString: '4/8/2031' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Staff training', fromDate: '2031-08-04', toDate: '2031-08-04', fromDateString: '04/08/2031', toDateString: '04/08/2031', bankHoliday: false });
    const { closureId } = created.json();
    const edited = await save({ closureId, name: 'Summer closure', fromDateString: '4/8/2031', toDateString: '15/8/2031' });
    expect(edited.json()).toMatchObject({ closureId, name: 'Summer closure', toDateString: '15/08/2031' });
    const got = await ctx.app.inject({ url: `/api/closures/getbyid?id=${closureId}`, headers: cast.headers.admin });
    expect(got.json()).toMatchObject({ closureId, fromDateString: '04/08/2031', toDateString: '15/08/2031' });
    expect((await list()).map((c) => c.closureId)).toContain(closureId);
  });

  it('answers 400 with each field its message, and writes nothing', async () => {
    const before = (await list()).length;
    const blank = await save({ name: '  ', fromDateString: '31/2/2031' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Please enter a closure name', fieldErrors: { name: ['Please enter a closure name'], fromDateString: ['Please enter the first day as d/m/yyyy'] } });
    expect((await save({ name: 'Oops', fromDateString: '10/8/2031', toDateString: '9/8/2031' })).json().fieldErrors).toEqual({ toDateString: ['The last day can not be before the first day'] });
    expect((await save({ name: 'Oops', fromDateString: '10/8/2031', toDateString: '10/8/2033' })).json().fieldErrors).toEqual({ toDateString: ['A closure can be at most 366 days'] });
    expect((await save({ name: 'Oops', fromDateString: '10/8/2031', toDateString: 'soon' })).json().fieldErrors).toEqual({ toDateString: ['Please enter the last day as d/m/yyyy'] });
    expect((await save({ name: 42, fromDateString: '10/8/2031' })).statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('answers 404 for editing or deleting a closure that does not exist', async () => {
    expect((await save({ closureId: 999_999, name: 'Ghost', fromDateString: '1/9/2031' })).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/closures/getbyid?id=999999', headers: cast.headers.admin })).statusCode).toBe(404);
  });
});

describe('POST /api/closures/delete', () => {
  it('deletes a closure', async () => {
    const { closureId } = (await save({ name: 'Inset day', fromDateString: '2/9/2031' })).json();
    expect((await remove(closureId)).json()).toEqual({ deleted: 1 });
    expect((await list()).some((c) => c.closureId === closureId)).toBe(false);
  });

  it('answers 400 for a missing id', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/closures/delete', headers: cast.headers.admin, payload: {} })).statusCode).toBe(400);
  });
});

describe('who may manage closures', () => {
  it('refuses teachers and students, and writes nothing for them', async () => {
    const before = (await list()).length;
    for (const headers of [cast.headers.teacher, cast.headers.student]) {
      expect((await ctx.app.inject({ url: '/api/closures/getall', headers })).statusCode).toBe(403);
      expect((await save({ name: 'Not mine', fromDateString: '3/9/2031' }, headers)).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: '/api/closures/getall' })).statusCode).toBe(401);
    expect((await list()).length).toBe(before);
  });
});
