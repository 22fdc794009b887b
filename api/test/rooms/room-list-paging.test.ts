import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import { ROOM_SORT_KEYS, type Room } from '@rollbook/shared-types/rooms';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyPage } from '../helpers/list-pages.js';
import { createCast, createCompany, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The rooms list one page at a time: page, pageSize, sort, dir, q and companyId are
// additions; a call without page or pageSize still answers every room as a bare array.

const ctx = useTestApp();
let cast: Cast;
let acme: number;
let zed: number;

type RoomPage = { rooms: Room[]; total: number; page: number; pageSize: number; sort: string; dir: string };

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  acme = (await createCompany(ctx.db, { name: 'rp Acme' })).companyId;
  zed = (await createCompany(ctx.db, { name: 'RP Zed' })).companyId;
  // Six rooms whose columns disagree with each other's order; two share a capacity (the id decides).
  const rooms = [
    { name: 'delta', companyId: zed, capacity: 12, description: 'Quiet, by the garden' },
    { name: 'Alpha', companyId: zed, capacity: 30, description: null },
    { name: 'charlie', companyId: acme, capacity: 8, description: 'projector' },
    { name: 'Bravo', companyId: acme, capacity: 12, description: 'Big screen' },
    { name: 'echo', companyId: zed, capacity: 4, description: 'A quiet corner' },
    { name: 'Foxtrot', companyId: acme, capacity: 20, description: '50%_off chairs' },
  ];
  for (const room of rooms) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/rooms/upsert', headers: cast.headers.admin, payload: room });
    expect(res.statusCode, res.body).toBe(200);
  }
});

async function getAll(query: string) {
  const res = await ctx.app.inject({ url: `/api/rooms/getall?${query}`, headers: cast.headers.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
}
const page = async (query: string) => (await getAll(query)) as RoomPage;
const whole = async (query: string) => (await getAll(query)) as Room[];
const names = (rows: Room[]) => rows.map((r) => r.name);

const allPages = (query: string, pageSize: number) => everyPage(async (n) => (await page(`${query}&page=${n}&pageSize=${pageSize}`)).rooms, pageSize);

describe('GET /api/rooms/getall one page at a time', () => {
  it('keeps the older answer without page or pageSize: every room, by company then name, as a bare array', async () => {
    const body = await whole('q=rp%20');
    expect(Array.isArray(body)).toBe(true);
    // As before paging: company and room names compared as stored (capitals first).
    expect(names(body)).toEqual(['Alpha', 'delta', 'echo', 'Bravo', 'Foxtrot', 'charlie']);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['capacity', 'company', 'companyId', 'description', 'name', 'roomId']);
  });

  it('answers the first page by company, then name, with the total and the paging fields', async () => {
    const body = await page('q=rp%20&page=1&pageSize=4');
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: 4, sort: 'company', dir: 'asc' });
    expect(names(body.rooms)).toEqual(['Bravo', 'charlie', 'Foxtrot', 'Alpha']);
    expect(names((await page('q=rp%20&page=2&pageSize=4')).rooms)).toEqual(['delta', 'echo']);
    expect(await page('page=1')).toMatchObject({ pageSize: 50 });
  });

  it('searches the room name, the company name and the description, any case, wildcards taken as text', async () => {
    expect(names((await page('q=QUIET&page=1')).rooms)).toEqual(['delta', 'echo']);
    expect(names((await page('q=rp%20zed&page=1')).rooms)).toEqual(['Alpha', 'delta', 'echo']);
    expect(names((await page('q=%25_&page=1')).rooms)).toEqual(['Foxtrot']);
    expect((await page('q=_%25&page=1')).total).toBe(0);
  });

  it("filters to one company's rooms, and takes -1 and 0 as every company", async () => {
    expect(names((await page(`companyId=${acme}&page=1`)).rooms)).toEqual(['Bravo', 'charlie', 'Foxtrot']);
    expect(names(await whole(`companyId=${zed}`))).toEqual(['Alpha', 'delta', 'echo']);
    expect((await page('q=rp%20&companyId=-1&page=1')).total).toBe(6);
    expect((await page('q=rp%20&companyId=0&page=1')).total).toBe(6);
  });

  it.each([
    ['name', 'asc', ['Alpha', 'Bravo', 'charlie', 'delta', 'echo', 'Foxtrot']],
    ['company', 'desc', ['echo', 'delta', 'Alpha', 'Foxtrot', 'charlie', 'Bravo']],
    // Largest first by default; delta and Bravo share 12: the newer room (larger id) first.
    ['capacity', 'desc', ['Alpha', 'Foxtrot', 'Bravo', 'delta', 'charlie', 'echo']],
    ['capacity', 'asc', ['echo', 'charlie', 'delta', 'Bravo', 'Foxtrot', 'Alpha']],
    // No description comes last A to Z.
    ['description', 'asc', ['Foxtrot', 'echo', 'Bravo', 'charlie', 'delta', 'Alpha']],
  ])('sorts by %s %s, ties by id in the same direction, across pages', async (sort, dir, expected) => {
    expect(names(await allPages(`q=rp%20&sort=${sort}&dir=${dir}`, 4))).toEqual(expected);
  });

  it('sorts by capacity largest first when no direction is asked for', async () => {
    expect(await page('q=rp%20&sort=capacity&page=1')).toMatchObject({ sort: 'capacity', dir: 'desc' });
  });

  it.each(ROOM_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']]))('sorts by %s %s: pages join into the whole sorted list', async (sort, dir) => {
    const all = await whole(`sort=${sort}&dir=${dir}`);
    expect((await allPages(`sort=${sort}&dir=${dir}`, 4)).map((r) => r.roomId)).toEqual(all.map((r) => r.roomId));
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    const body = await page('q=rp%20&page=5&pageSize=4');
    expect(body.rooms).toEqual([]);
    expect(body.total).toBe(6);
  });

  it('refuses an unknown sort, a page size over the most, page 0, a bad company and a long search with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['sort=size', 'sort'], [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize'], ['page=0', 'page'], ['companyId=x', 'companyId'], [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const res = await ctx.app.inject({ url: `/api/rooms/getall?${query}`, headers: cast.headers.admin });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    for (const role of ['teacher', 'student'] as const) {
      expect((await ctx.app.inject({ url: '/api/rooms/getall?page=1', headers: cast.headers[role] })).statusCode, role).toBe(403);
    }
  });
});
