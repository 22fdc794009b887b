import { COMPANY_SORT_KEYS, type CompanyListItem } from '@rollbook/shared-types/companies';
import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyPage } from '../helpers/list-pages.js';
import { createCast, createCourse, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The companies list one page at a time: page, pageSize, sort, dir and q are additions;
// a call without page or pageSize still answers every company as a bare array (the pickers).

const ctx = useTestApp();
let cast: Cast;

type CompanyPage = { companies: CompanyListItem[]; total: number; page: number; pageSize: number; sort: string; dir: string };

// Seven companies whose columns disagree with each other's order; two share a town (the id decides).
const SPECS = [
  { name: 'delta Foods', code: 'PG-D', town: 'York', postCode: 'YO1 7HH' },
  { name: 'Alpha Bank', code: 'PG-Z', town: 'Bath', postCode: 'BA1 1AA' },
  { name: 'charlie Steel', code: 'PG-A', town: 'Leeds', postCode: 'LS1 4DY' },
  { name: 'Bravo Print', code: 'PG-F', town: 'bath', postCode: 'BA2 3CC' },
  { name: 'echo Media', code: 'PG-B', town: 'Derby', postCode: 'DE1 2AA' },
  { name: 'Foxtrot Rail', code: 'PG-C', town: 'Zennor', postCode: 'TR26 3AA' },
  { name: 'golf_% Clubs', code: 'PG-E', town: 'Ayr', postCode: 'KA7 1AA' },
];
const ids = new Map<string, number>();

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  for (const spec of SPECS) {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/companies/upsert', headers: cast.headers.admin,
      payload: { name: spec.name, code: spec.code, address: '1 Paging Street', town: spec.town, postCode: spec.postCode, primaryContact: { name: 'Pat', jobTitle: 'Buyer' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.set(spec.name, res.json().companyId);
  }
  // One of them is in use (a course), which the page says as the whole list does.
  await createCourse(ctx.db, { companyId: ids.get('echo Media') as number });
});

async function getAll(query: string) {
  const res = await ctx.app.inject({ url: `/api/companies/GetAll?${query}`, headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
}
const page = async (query: string) => (await getAll(query)) as CompanyPage;
const whole = async (query: string) => (await getAll(query)) as CompanyListItem[];
const names = (rows: CompanyListItem[]) => rows.map((c) => c.name);

/** Every page of `query` at `pageSize`, in order. */
const allPages = (query: string, pageSize: number) => everyPage(async (n) => (await page(`${query}&page=${n}&pageSize=${pageSize}`)).companies, pageSize);

describe('GET /api/companies/GetAll one page at a time', () => {
  it('keeps the older answer without page or pageSize: every company, by name, as a bare array', async () => {
    const body = await whole('');
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(SPECS.length);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['code', 'companyId', 'inUse', 'name', 'postCode', 'town']);
    expect(names(body.filter((c) => ids.has(c.name)))).toEqual([
      'Alpha Bank', 'Bravo Print', 'charlie Steel', 'delta Foods', 'echo Media', 'Foxtrot Rail', 'golf_% Clubs',
    ]);
  });

  it('answers the first page by name with the total of every match and the paging fields', async () => {
    const all = await whole('');
    const body = await page('page=1&pageSize=3');
    expect(body).toMatchObject({ total: all.length, page: 1, pageSize: 3, sort: 'name', dir: 'asc' });
    expect(body.companies.map((c) => c.companyId)).toEqual(all.slice(0, 3).map((c) => c.companyId));
    expect((await page('page=2&pageSize=3')).companies.map((c) => c.companyId)).toEqual(all.slice(3, 6).map((c) => c.companyId));
  });

  it('uses the spec page size when only page is sent', async () => {
    expect(await page('page=1')).toMatchObject({ page: 1, pageSize: 50 });
  });

  it('searches name, code, town and post code, any case, and pages within the search', async () => {
    const body = await page('q=pg-&page=1&pageSize=3');
    expect(body.total).toBe(7);
    expect(names(body.companies)).toEqual(['Alpha Bank', 'Bravo Print', 'charlie Steel']);
    expect(names((await page('q=pg-&page=3&pageSize=3')).companies)).toEqual(['golf_% Clubs']);
    expect(names((await page('q=BATH&page=1')).companies)).toEqual(['Alpha Bank', 'Bravo Print']);
    expect(names((await page('q=tr26&page=1')).companies)).toEqual(['Foxtrot Rail']);
    expect(names((await page('q=%20steel%20&page=1')).companies)).toEqual(['charlie Steel']);
  });

  it('takes % and _ in the search as themselves, not as wildcards', async () => {
    expect(names((await page('q=_%25&page=1')).companies)).toEqual(['golf_% Clubs']);
    expect((await page('q=%25%25&page=1')).total).toBe(0);
  });

  it('applies the search to the whole-list answer too', async () => {
    expect(names(await whole('q=bath'))).toEqual(['Alpha Bank', 'Bravo Print']);
  });

  it.each([
    ['name', 'desc', ['golf_% Clubs', 'Foxtrot Rail', 'echo Media', 'delta Foods', 'charlie Steel', 'Bravo Print', 'Alpha Bank']],
    ['code', 'asc', ['charlie Steel', 'echo Media', 'Foxtrot Rail', 'delta Foods', 'golf_% Clubs', 'Bravo Print', 'Alpha Bank']],
    // Bath and bath tie: the older company (smaller id) first.
    ['town', 'asc', ['golf_% Clubs', 'Alpha Bank', 'Bravo Print', 'echo Media', 'charlie Steel', 'delta Foods', 'Foxtrot Rail']],
    ['town', 'desc', ['Foxtrot Rail', 'delta Foods', 'charlie Steel', 'echo Media', 'Bravo Print', 'Alpha Bank', 'golf_% Clubs']],
    ['postCode', 'asc', ['Alpha Bank', 'Bravo Print', 'echo Media', 'golf_% Clubs', 'charlie Steel', 'Foxtrot Rail', 'delta Foods']],
  ])('sorts by %s %s, ties by id in the same direction, across pages', async (sort, dir, expected) => {
    expect(names(await allPages(`q=pg-&sort=${sort}&dir=${dir}`, 2))).toEqual(expected);
  });

  it.each(COMPANY_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']]))('sorts by %s %s: pages join into the whole sorted list', async (sort, dir) => {
    const all = await whole(`sort=${sort}&dir=${dir}`);
    expect((await allPages(`sort=${sort}&dir=${dir}`, 3)).map((c) => c.companyId)).toEqual(all.map((c) => c.companyId));
  });

  it('says which companies are in use, as the whole list does', async () => {
    const rows = (await page('q=pg-&page=1&pageSize=10')).companies;
    expect(rows.filter((c) => c.inUse).map((c) => c.name)).toEqual(['echo Media']);
    expect(rows.find((c) => c.name === 'delta Foods')).toMatchObject({ code: 'PG-D', town: 'York', postCode: 'YO1 7HH', inUse: false });
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    const body = await page('q=pg-&page=9&pageSize=3');
    expect(body.companies).toEqual([]);
    expect(body.total).toBe(7);
  });

  it('refuses an unknown sort, a page size over the most, page 0 and a long search with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['sort=inUse', 'sort'], [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize'], ['page=0', 'page'], ['dir=up', 'dir'], [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const res = await ctx.app.inject({ url: `/api/companies/GetAll?${query}`, headers: cast.headers.admin });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    for (const role of ['teacher', 'student'] as const) {
      const res = await ctx.app.inject({ url: '/api/companies/GetAll?page=1', headers: cast.headers[role] });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
