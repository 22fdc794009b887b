import { DASHBOARD_CLASSES_PAGE_SIZE, TEACHERS_UNMARKED_PAGE_SIZE, type ClassesInPeriod, type TeachersUnmarkedClassCount } from '@rollbook/shared-types/dashboard';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSchool, demoUsers } from '../helpers/demo-school.js';
import { everyPage } from '../helpers/list-pages.js';
import { useTestApp } from '../helpers/test-app.js';

// The dashboard's panels a page at a time (a chain's month is 15,000 classes, and hundreds of its
// teachers may have classes to mark): the pages, walked by cursor or by number, are the whole list
// once each in its order, and the total is the list's count, not the page's.

const ctx = useTestApp({}, { seed: demoSchool });
let adminToken: string;

beforeAll(async () => {
  adminToken = (await demoUsers(ctx.app, ctx.db, ['admin'])).admin.token;
});

async function call(query: string, route = 'GetClassesThisWeek') {
  return ctx.app.inject({ method: 'GET', url: `/api/reports/${route}?${query}`, headers: { authorization: `Bearer ${adminToken}` } });
}

async function get(query: string): Promise<ClassesInPeriod> {
  const res = await call(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ClassesInPeriod;
}

async function teachers(query: string): Promise<TeachersUnmarkedClassCount> {
  const res = await call(query, 'GetTeachersUnmarkedClassCount');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TeachersUnmarkedClassCount;
}

describe('the classes-in-period panel, page by page', () => {
  it('answers the whole month once, in start order, walked by the next cursor', async () => {
    const whole = await get('period=M');
    expect(whole.classes.length).toBeGreaterThan(14);
    expect(whole.total).toBe(whole.classes.length);
    expect(whole).not.toHaveProperty('next');
    const walked: ClassesInPeriod['classes'] = [];
    let page = await get('period=M&pageSize=7');
    for (;;) {
      expect(page.classes.length).toBeLessThanOrEqual(7);
      expect([page.total, page.pageSize]).toEqual([whole.total, 7]);
      walked.push(...page.classes);
      if (page.next === null) break;
      page = await get(`period=M&pageSize=7&after=${encodeURIComponent(page.next!)}`);
    }
    expect(walked).toEqual(whole.classes);
  });

  it('answers the same rows asked for by page number', async () => {
    const whole = await get('period=M');
    const byNumber = await everyPage(async (n) => {
      const page = await get(`period=M&page=${n}&pageSize=6`);
      expect(page.page).toBe(n);
      return page.classes;
    }, 6);
    expect(byNumber).toEqual(whole.classes);
  });

  it('counts in the total only the classes it lists: an archived class leaves both', async () => {
    const before = await get('period=W&pageSize=100');
    const archived = before.classes[0]!;
    await ctx.db.updateTable('classes').set({ statusId: 4 }).where('classId', '=', archived.classId).execute();
    const after = await get('period=W&pageSize=100');
    expect(after.total).toBe(before.total - 1);
    expect(after.classes.map((c) => c.classId)).not.toContain(archived.classId);
    await ctx.db.updateTable('classes').set({ statusId: 1 }).where('classId', '=', archived.classId).execute();
    expect((await get('period=W&pageSize=100')).total).toBe(before.total);
  });

  it('answers an empty period with a total of 0 and no next page', async () => {
    const far = await get('period=D&dateMultiplier=500&page=1');
    expect(far).toMatchObject({ classes: [], total: 0, page: 1, pageSize: DASHBOARD_CLASSES_PAGE_SIZE, next: null });
  });

  it.each([
    ['a page size over 100', 'period=M&pageSize=101', 'pageSize'],
    ['page 0', 'period=M&page=0', 'page'],
    ['a cursor it did not make', 'period=M&after=bm90LWEtY3Vyc29y', 'after'],
  ])('refuses %s with a 400 naming the field', async (_name, query, field) => {
    const res = await call(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });
});

describe('the teachers with unmarked classes, page by page', () => {
  it('answers every teacher once, most unmarked classes first, in pages of the asked size', async () => {
    const whole = await teachers('');
    expect(whole.teachers.length).toBeGreaterThan(1);
    expect(whole.total).toBe(whole.teachers.length);
    expect(whole).not.toHaveProperty('page');
    const paged = await everyPage(async (n) => {
      const page = await teachers(`page=${n}&pageSize=1`);
      expect([page.total, page.page, page.pageSize]).toEqual([whole.total, n, 1]);
      return page.teachers;
    }, 1);
    expect(paged).toEqual(whole.teachers);
  });

  it('answers the panel\'s page size when asked for a page without one, and a page past the end empty with the total', async () => {
    const first = await teachers('page=1');
    expect(first.pageSize).toBe(TEACHERS_UNMARKED_PAGE_SIZE);
    const past = await teachers('page=99');
    expect(past).toMatchObject({ teachers: [], total: first.total, page: 99 });
  });

  it('refuses a page size over 100 with a 400 naming it', async () => {
    const res = await call('pageSize=101', 'GetTeachersUnmarkedClassCount');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain('pageSize');
  });
});
