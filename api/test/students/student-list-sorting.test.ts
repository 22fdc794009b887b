import { STUDENT_SORT_KEYS, type StudentListResponse } from '@rollbook/shared-types/students';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createClassFor, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { everyPage } from '../helpers/list-pages.js';
import { useTestApp } from '../helpers/test-app.js';

// The students list sorted by any of its columns but Current courses (sort, dir): the rows come in
// one total order (the key, then the id in the same direction); without sort they come as they
// always did, by last name, then first name, then id. The file's database holds only these six.

const ctx = useTestApp();
let admin: { authorization: string };

// Six students whose columns disagree with each other's order, with ties on every key but e-mail.
// s6 has s3's name and mobile in other capitals: only the id puts them in order.
const SPECS = [
  { key: 's1', firstName: 'anna', lastName: 'Zeller', mobile: '07700 900003', email: 'c@people.test', company: 'beta', active: true, login: false },
  { key: 's2', firstName: 'Bob', lastName: 'young', mobile: null, email: 'a@people.test', company: 'Alpha', active: false, login: true },
  { key: 's3', firstName: 'anna', lastName: 'Young', mobile: '07700 900001', email: 'B@people.test', company: null, active: true, login: false },
  { key: 's4', firstName: 'Carl', lastName: 'Adams', mobile: '07700 900002', email: null, company: 'Alpha', active: false, login: true },
  { key: 's5', firstName: 'dora', lastName: 'adams', mobile: '07700 900002', email: 'e@people.test', company: 'beta', active: false, login: false },
  { key: 's6', firstName: 'Anna', lastName: 'YOUNG', mobile: '07700 900001', email: 'f@people.test', company: null, active: false, login: false },
] as const;
const keyOf = new Map<number, string>();

/** Ascending order of each key; descending is its exact reverse (ties by id in the same direction). */
const ASCENDING: Record<(typeof STUDENT_SORT_KEYS)[number], string[]> = {
  lastName: ['s4', 's5', 's3', 's6', 's2', 's1'],
  firstName: ['s3', 's6', 's1', 's2', 's4', 's5'],
  // Students without a mobile, e-mail or company come last ascending (first descending).
  mobile: ['s3', 's6', 's4', 's5', 's1', 's2'],
  email: ['s2', 's3', 's1', 's5', 's6', 's4'],
  company: ['s2', 's4', 's1', 's5', 's3', 's6'],
  // Inactive, then active; no login, then online access.
  status: ['s2', 's4', 's5', 's6', 's1', 's3'],
  hasLogin: ['s1', 's3', 's5', 's6', 's2', 's4'],
};

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  const companies = new Map<string, number>();
  for (const name of ['Alpha', 'beta']) companies.set(name, (await createCompany(ctx.db, { name })).companyId);
  const active: number[] = [];
  for (const spec of SPECS) {
    const { studentId } = await createStudent(ctx.db, {
      firstName: spec.firstName, lastName: spec.lastName, email: spec.email, companyId: spec.company ? companies.get(spec.company) : null,
    });
    await ctx.db.updateTable('students').set({ mobile: spec.mobile }).where('studentId', '=', studentId).execute();
    keyOf.set(studentId, spec.key);
    if (spec.login) await loginFor(ctx.app, ctx.db, 'Student', studentId);
    if (spec.active) active.push(studentId);
  }
  await createClassFor(ctx.db, await createTeacherRecord(ctx.db), active);
});

async function getAll(query: string) {
  return ctx.app.inject({ url: `/api/students/getall?${query}`, headers: admin });
}
async function list(query: string): Promise<StudentListResponse> {
  const res = await getAll(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const keys = (body: StudentListResponse) => body.students.map((s) => keyOf.get(s.studentId));

describe('GET /api/students/getall sorted by a column', () => {
  it('answers as before without sort: by last name, then first name, then id, page 1 of 100', async () => {
    const body = await list('');
    expect(keys(body)).toEqual(ASCENDING.lastName);
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: 100, sort: 'lastName', dir: 'asc' });
    expect(await list('companyId=-1&statusId=-1&page=1')).toEqual(body);
  });

  it.each(STUDENT_SORT_KEYS.map((sort) => [sort]))('sorts by %s both ways, ties by id in the same direction', async (sort) => {
    const up = await list(`sort=${sort}&dir=asc`);
    expect(keys(up)).toEqual(ASCENDING[sort]);
    expect(up).toMatchObject({ sort, dir: 'asc', total: 6 });
    const down = await list(`sort=${sort}&dir=desc`);
    expect(keys(down)).toEqual([...ASCENDING[sort]].reverse());
    expect(down).toMatchObject({ sort, dir: 'desc' });
  });

  it('puts active students and those with online access first when no direction is asked', async () => {
    expect(await list('sort=status')).toMatchObject({ sort: 'status', dir: 'desc' });
    expect(keys(await list('sort=status'))).toEqual([...ASCENDING.status].reverse());
    expect(keys(await list('sort=hasLogin'))).toEqual([...ASCENDING.hasLogin].reverse());
    expect(keys(await list('sort=email'))).toEqual(ASCENDING.email);
  });

  it('pages within the order: the pages join into the whole sorted list', async () => {
    for (const sort of STUDENT_SORT_KEYS) {
      const rows = await everyPage(async (page) => keys(await list(`sort=${sort}&dir=desc&page=${page}&pageSize=2`)), 2);
      expect(rows, sort).toEqual([...ASCENDING[sort]].reverse());
    }
  });

  it('sorts within the filters', async () => {
    expect(keys(await list('statusId=0&sort=company'))).toEqual(['s2', 's4', 's5', 's6']);
    expect(keys(await list('name=anna&sort=mobile&dir=desc'))).toEqual(['s1', 's6', 's3']);
  });

  it.each([
    ['sort=currentCourses', 'sort'],
    ['sort=studentId', 'sort'],
    ['sort=LASTNAME', 'sort'],
    ['sort=lastName&dir=up', 'dir'],
    ['pageSize=101', 'pageSize'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await getAll(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });
});
