import { TEACHER_SORT_KEYS, type TeacherListResponse } from '@rollbook/shared-types/teachers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeacher } from '../helpers/factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { everyPage } from '../helpers/list-pages.js';
import { useTestApp } from '../helpers/test-app.js';

// The teachers list sorted by any of its columns but Subjects taught (sort, dir): the rows come in
// one total order (the key, then the id in the same direction); without sort they come as they
// always did, by last name, then first name, then id. The file's database holds only these six.

const ctx = useTestApp();
let admin: { authorization: string };

// Six teachers whose columns disagree with each other's order, with ties on every key but e-mail.
// t6 has t3's name and mobile in other capitals: only the id puts them in order.
const SPECS = [
  { key: 't1', firstName: 'anna', lastName: 'Zeller', mobile: '07700 900003', email: 'c@people.test', active: true, login: false },
  { key: 't2', firstName: 'Bob', lastName: 'young', mobile: null, email: 'a@people.test', active: false, login: true },
  { key: 't3', firstName: 'anna', lastName: 'Young', mobile: '07700 900001', email: 'B@people.test', active: true, login: false },
  { key: 't4', firstName: 'Carl', lastName: 'Adams', mobile: '07700 900002', email: null, active: false, login: true },
  { key: 't5', firstName: 'dora', lastName: 'adams', mobile: '07700 900002', email: 'e@people.test', active: true, login: false },
  { key: 't6', firstName: 'Anna', lastName: 'YOUNG', mobile: '07700 900001', email: 'f@people.test', active: false, login: false },
] as const;
const keyOf = new Map<number, string>();

/** Ascending order of each key over every teacher (status=-1); descending is its exact reverse. */
const ASCENDING: Record<(typeof TEACHER_SORT_KEYS)[number], string[]> = {
  lastName: ['t4', 't5', 't3', 't6', 't2', 't1'],
  firstName: ['t3', 't6', 't1', 't2', 't4', 't5'],
  // Teachers without a mobile or e-mail come last ascending (first descending).
  mobile: ['t3', 't6', 't4', 't5', 't1', 't2'],
  email: ['t2', 't3', 't1', 't5', 't6', 't4'],
  // Inactive, then active; no login, then online access.
  status: ['t2', 't4', 't6', 't1', 't3', 't5'],
  hasLogin: ['t1', 't3', 't5', 't6', 't2', 't4'],
};

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  for (const spec of SPECS) {
    const { teacherId } = await createTeacher(ctx.db, { firstName: spec.firstName, lastName: spec.lastName, email: spec.email, active: spec.active });
    await ctx.db.updateTable('teachers').set({ mobile: spec.mobile }).where('teacherId', '=', teacherId).execute();
    keyOf.set(teacherId, spec.key);
    if (spec.login) await loginFor(ctx.app, ctx.db, 'Teacher', teacherId);
  }
});

async function getAll(query: string) {
  return ctx.app.inject({ url: `/api/teachers/getall?${query}`, headers: admin });
}
async function list(query: string): Promise<TeacherListResponse> {
  const res = await getAll(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const keys = (body: TeacherListResponse) => body.teachers.map((t) => keyOf.get(t.teacherId));

describe('GET /api/teachers/getall sorted by a column', () => {
  it('answers as before without sort: the active teachers by last name, then first name, then id, page 1 of 100', async () => {
    const body = await list('');
    expect(keys(body)).toEqual(['t5', 't3', 't1']);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 100, sort: 'lastName', dir: 'asc' });
    expect(keys(await list('status=-1'))).toEqual(ASCENDING.lastName);
  });

  it.each(TEACHER_SORT_KEYS.map((sort) => [sort]))('sorts by %s both ways, ties by id in the same direction', async (sort) => {
    const up = await list(`status=-1&sort=${sort}&dir=asc`);
    expect(keys(up)).toEqual(ASCENDING[sort]);
    expect(up).toMatchObject({ sort, dir: 'asc', total: 6 });
    const down = await list(`status=-1&sort=${sort}&dir=desc`);
    expect(keys(down)).toEqual([...ASCENDING[sort]].reverse());
    expect(down).toMatchObject({ sort, dir: 'desc' });
  });

  it('puts active teachers and those with online access first when no direction is asked', async () => {
    expect(await list('status=-1&sort=status')).toMatchObject({ sort: 'status', dir: 'desc' });
    expect(keys(await list('status=-1&sort=status'))).toEqual([...ASCENDING.status].reverse());
    expect(keys(await list('status=-1&sort=hasLogin'))).toEqual([...ASCENDING.hasLogin].reverse());
  });

  it('pages within the order: the pages join into the whole sorted list', async () => {
    for (const sort of TEACHER_SORT_KEYS) {
      const rows = await everyPage(async (page) => keys(await list(`status=-1&sort=${sort}&dir=desc&page=${page}&pageSize=2`)), 2);
      expect(rows, sort).toEqual([...ASCENDING[sort]].reverse());
    }
  });

  it('sorts within the search', async () => {
    expect(keys(await list('status=-1&searchText=anna&sort=mobile&dir=desc'))).toEqual(['t1', 't6', 't3']);
  });

  it.each([
    ['sort=subjectsString', 'sort'],
    ['sort=company', 'sort'],
    ['sort=teacherId', 'sort'],
    ['sort=lastName&dir=down', 'dir'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await getAll(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });
});
