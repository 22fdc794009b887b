import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import { NOTE_SORT_KEYS, type Note } from '@rollbook/shared-types/notes';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { everyPage } from '../helpers/list-pages.js';
import { createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// An entity's notes one page at a time: page, pageSize, sort and dir are additions; a call
// without page or pageSize still answers every note, newest first, as a bare array.

const ctx = useTestApp();
let admin: { authorization: string };
let studentId: number;
let teacherHeaders: { authorization: string };
let studentHeaders: { authorization: string };

type NotePage = { notes: Note[]; total: number; page: number; pageSize: number; sort: string; dir: string };

// Seven notes about one student; dates and authors disagree with each other's order, two share
// an instant and four an author (the id decides), one's author no longer exists (empty name).
const HOUR = 3_600_000;
const SPECS = [
  { text: 'n1', hours: 1, author: 'alex' },
  { text: 'n2', hours: 3, author: 'bea' },
  { text: 'n3', hours: 2, author: 'alex' },
  { text: 'n4', hours: 3, author: 'alex' },
  { text: 'n5', hours: 0, author: null },
  { text: 'n6', hours: 5, author: 'bea' },
  { text: 'n7', hours: 4, author: 'alex' },
] as const;

beforeAll(async () => {
  const alex = await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null);
  await ctx.db.updateTable('users').set({ firstName: 'Alex', lastName: 'Morgan' }).where('userId', '=', alex.userId).execute();
  const bea = await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null);
  await ctx.db.updateTable('users').set({ firstName: 'bea', lastName: 'Zed' }).where('userId', '=', bea.userId).execute();
  admin = alex.headers;
  const student = await createStudent(ctx.db);
  studentId = student.studentId;
  const base = Date.UTC(2026, 0, 5, 9);
  for (const spec of SPECS) {
    await ctx.db.insertInto('notes').values({
      entityTypeId: 1, entityId: studentId, title: '', text: spec.text,
      createdBy: spec.author === 'alex' ? alex.userId : spec.author === 'bea' ? bea.userId : null,
      createdAt: new Date(base + spec.hours * HOUR),
    }).execute();
  }
  // Another student's note, which no page of this student shows or counts.
  const other = await createStudent(ctx.db);
  await ctx.db.insertInto('notes').values({ entityTypeId: 1, entityId: other.studentId, title: '', text: 'other', createdBy: alex.userId }).execute();
  const teacher = await createTeacherRecord(ctx.db);
  teacherHeaders = (await loginFor(ctx.app, ctx.db, 'Teacher', teacher.teacherId)).headers;
  studentHeaders = (await loginFor(ctx.app, ctx.db, 'Student', studentId)).headers;
});

async function get(query: string, headers = admin) {
  const res = await ctx.app.inject({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=1&entityId=${studentId}&${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
}
const page = async (query: string) => (await get(query)) as NotePage;
const whole = async (query: string) => (await get(query)) as Note[];
const texts = (rows: Note[]) => rows.map((n) => n.text);

const allPages = (query: string, pageSize: number) => everyPage(async (n) => (await page(`${query}&page=${n}&pageSize=${pageSize}`)).notes, pageSize);

describe('GET /api/notes/GetNotesByTeacherId one page at a time', () => {
  it('keeps the older answer without page or pageSize: every note, newest first, as a bare array', async () => {
    const body = await whole('');
    expect(Array.isArray(body)).toBe(true);
    expect(texts(body)).toEqual(['n6', 'n7', 'n4', 'n2', 'n3', 'n1', 'n5']);
    expect(Object.keys(body[0] ?? {}).sort()).toEqual(['createdAt', 'dateString', 'entityId', 'entityTypeId', 'noteId', 'text', 'title', 'userFullName']);
  });

  it('answers the first page newest first with the total of the entity’s notes and the paging fields', async () => {
    const first = await page('page=1&pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3, sort: 'date', dir: 'desc' });
    expect(texts(first.notes)).toEqual(['n6', 'n7', 'n4']);
    expect(first.notes[0]).toEqual((await whole(''))[0]);
    expect(texts((await page('page=2&pageSize=3')).notes)).toEqual(['n2', 'n3', 'n1']);
    expect(await page('page=3&pageSize=3')).toMatchObject({ total: 7, notes: [expect.objectContaining({ text: 'n5', userFullName: '' })] });
  });

  it('uses the default page size when only page is sent', async () => {
    expect(await page('page=1')).toMatchObject({ page: 1, pageSize: 50, total: 7 });
  });

  it.each([
    ['date', 'asc', ['n5', 'n1', 'n3', 'n2', 'n4', 'n7', 'n6']],
    // No author sorts first; Alex Morgan's notes before bea Zed's whatever the case, ties by id.
    ['author', 'asc', ['n5', 'n1', 'n3', 'n4', 'n7', 'n2', 'n6']],
    ['author', 'desc', ['n6', 'n2', 'n7', 'n4', 'n3', 'n1', 'n5']],
  ])('sorts by %s %s, ties by id in the same direction, across pages', async (sort, dir, expected) => {
    expect(texts(await allPages(`sort=${sort}&dir=${dir}`, 2))).toEqual(expected);
  });

  it('sorts by author A to Z when no direction is sent, and says so', async () => {
    expect(await page('sort=author&page=1&pageSize=1')).toMatchObject({ sort: 'author', dir: 'asc', notes: [expect.objectContaining({ text: 'n5' })] });
  });

  it.each(NOTE_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']]))('sorts by %s %s: pages join into the whole sorted list', async (sort, dir) => {
    const all = await whole(`sort=${sort}&dir=${dir}`);
    expect(all).toHaveLength(7);
    expect((await allPages(`sort=${sort}&dir=${dir}`, 3)).map((n) => n.noteId)).toEqual(all.map((n) => n.noteId));
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    expect(await page('page=9&pageSize=3')).toMatchObject({ notes: [], total: 7, page: 9 });
  });

  it('answers a total of 0 for an entity without notes', async () => {
    const res = await ctx.app.inject({ url: '/api/notes/GetNotesByTeacherId?entityTypeId=2&entityId=999999&page=1', headers: admin });
    expect(res.json()).toMatchObject({ notes: [], total: 0 });
  });

  it('refuses an unknown sort, a page size over the most, page 0 and an unknown direction with a 400 naming the field', async () => {
    for (const [query, field] of [['sort=title', 'sort'], [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize'], ['page=0', 'page'], ['dir=up', 'dir'], ['page=x', 'page']]) {
      const res = await ctx.app.inject({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=1&entityId=${studentId}&${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), query).toContain(field);
    }
  });

  it('is for admins only, paged or not', async () => {
    for (const headers of [teacherHeaders, studentHeaders]) {
      for (const query of ['', '&page=1&pageSize=3']) {
        const res = await ctx.app.inject({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=1&entityId=${studentId}${query}`, headers });
        expect(res.statusCode, query).toBe(403);
      }
    }
  });
});

describe('GET /api/notes/deletenotebyid with paging', () => {
  it('answers the asked page of the notes left, so a page emptied by the delete says how many remain', async () => {
    const entityId = 4242;
    const saved: Note[] = [];
    for (const text of ['g1', 'g2', 'g3']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/notes/savenote', payload: { entityTypeId: 3, entityId, text }, headers: admin });
      saved.push(res.json());
    }
    const list = (query: string) => ctx.app.inject({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=3&entityId=${entityId}&${query}`, headers: admin });
    const lastPage = (await list('page=2&pageSize=2')).json() as NotePage;
    expect(lastPage).toMatchObject({ total: 3, notes: [expect.objectContaining({ text: 'g1' })] });

    const res = await ctx.app.inject({ url: `/api/notes/deletenotebyid?id=${saved[0]?.noteId}&page=2&pageSize=2`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ notes: [], total: 2, page: 2, pageSize: 2, sort: 'date', dir: 'desc' });

    const again = await ctx.app.inject({ url: `/api/notes/deletenotebyid?id=${saved[1]?.noteId}&page=1`, headers: admin });
    expect(again.json()).toMatchObject({ total: 1, pageSize: 50, notes: [expect.objectContaining({ text: 'g3' })] });
  });

  it('refuses bad paging with a 400 and deletes nothing', async () => {
    const note = (await ctx.app.inject({ method: 'POST', url: '/api/notes/savenote', payload: { entityTypeId: 3, entityId: 4343, text: 'kept' }, headers: admin })).json();
    const res = await ctx.app.inject({ url: `/api/notes/deletenotebyid?id=${note.noteId}&pageSize=0`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain('pageSize');
    expect(await ctx.db.selectFrom('notes').select('noteId').where('noteId', '=', note.noteId).executeTakeFirst()).toBeDefined();
  });
});
