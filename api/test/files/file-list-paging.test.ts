import { FILE_SORT_KEYS, type FileItem } from '@rollbook/shared-types/files';
import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { everyPage } from '../helpers/list-pages.js';
import { createClassFor, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { multipartBody } from './multipart.js';

// A student's or teacher's documents one page at a time: page, pageSize, sort and dir are
// additions; without page or pageSize every visible file comes newest first as a bare array.
// Paged or not, a caller sees (and counts) only the files shared with them.

const ctx = useTestApp();
type Headers = { authorization: string };
let admin: Headers;
let studentId: number;
let teacherId: number;
/** Signed-in callers besides the admin, filled before the tests. */
const as = {} as Record<'student' | 'teacher' | 'otherTeacher' | 'ownTeacher', Headers>;

type FilePage = { files: FileItem[]; total: number; page: number; pageSize: number; sort: string; dir: string };

// Six documents of one student whose columns disagree with each other's order; ties (an upload
// instant, a size, a count of opens) are decided by the id.
const HOUR = 3_600_000;
const SPECS = [
  { title: 'Contract', fileType: 'Contract', sharing: 'Staff', size: 300, opened: 2, hours: 1 },
  { title: 'alpha report', fileType: 'Report', sharing: 'Teachers', size: 100, opened: 5, hours: 3 },
  { title: 'Passport', fileType: 'ID', sharing: 'Owner', size: 300, opened: 0, hours: 2 },
  { title: 'Certificate', fileType: 'certificate', sharing: 'Everyone', size: 50, opened: 5, hours: 3 },
  { title: 'Beta plan', fileType: 'Plan', sharing: 'Everyone', size: 1000, opened: 1, hours: 0 },
  { title: 'Zoo trip', fileType: 'Document', sharing: 'Teachers', size: 10, opened: 0, hours: 4 },
] as const;

async function upload(entityTypeId: number, entityId: number, fields: { title: string; fileType: string; sharing: string }) {
  const body = multipartBody(
    { entityTypeId, entityId, title: fields.title, fileType: fields.fileType, fileAccessSubject: fields.sharing },
    [{ filename: `${fields.title}.pdf`, content: '%PDF-1.4 paging', contentType: 'application/pdf' }],
  );
  const res = await ctx.app.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...admin, ...body.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FileItem;
}

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  const student = await createStudent(ctx.db);
  studentId = student.studentId;
  const base = Date.UTC(2026, 0, 5, 9);
  for (const spec of SPECS) {
    const item = await upload(1, studentId, spec);
    await ctx.db.updateTable('files')
      .set({ sizeBytes: spec.size, timesAccessed: spec.opened, uploadedAt: new Date(base + spec.hours * HOUR) })
      .where('fileId', '=', item.fileId).execute();
  }
  // Another student's file, which no page of this student shows or counts.
  await upload(1, (await createStudent(ctx.db)).studentId, { title: 'Elsewhere', fileType: 'Document', sharing: 'Everyone' });

  const ownTeacher = await createTeacherRecord(ctx.db);
  const otherTeacher = await createTeacherRecord(ctx.db);
  await createClassFor(ctx.db, ownTeacher, [studentId]);
  as.student = (await loginFor(ctx.app, ctx.db, 'Student', studentId)).headers;
  as.ownTeacher = (await loginFor(ctx.app, ctx.db, 'Teacher', ownTeacher.teacherId)).headers;
  as.otherTeacher = (await loginFor(ctx.app, ctx.db, 'Teacher', otherTeacher.teacherId)).headers;

  const teacher = await createTeacherRecord(ctx.db);
  teacherId = teacher.teacherId;
  for (const [title, sharing] of [['T1', 'Owner'], ['T2', 'Staff'], ['T3', 'Everyone'], ['T4', 'Owner']] as const) {
    await upload(2, teacherId, { title, fileType: 'Document', sharing });
  }
  as.teacher = (await loginFor(ctx.app, ctx.db, 'Teacher', teacherId)).headers;
});

const studentFiles = (query: string, headers = admin) => ctx.app.inject({ url: `/api/files/GetFilesByStudentId?studentId=${studentId}&${query}`, headers });
async function page(query: string, headers = admin): Promise<FilePage> {
  const res = await studentFiles(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function whole(query: string, headers = admin): Promise<FileItem[]> {
  const res = await studentFiles(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const titles = (rows: FileItem[]) => rows.map((f) => f.title);

const allPages = (query: string, pageSize: number) => everyPage(async (n) => (await page(`${query}&page=${n}&pageSize=${pageSize}`)).files, pageSize);

describe('GET /api/files/GetFilesByStudentId one page at a time', () => {
  it('keeps the older answer without page or pageSize: every file, newest first, as a bare array', async () => {
    const body = await whole('');
    expect(Array.isArray(body)).toBe(true);
    expect(titles(body)).toEqual(['Zoo trip', 'Certificate', 'alpha report', 'Passport', 'Contract', 'Beta plan']);
  });

  it('answers the first page newest first with the total and the paging fields', async () => {
    const all = await whole('');
    const first = await page('page=1&pageSize=4');
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4, sort: 'date', dir: 'desc' });
    expect(first.files).toEqual(all.slice(0, 4));
    expect((await page('page=2&pageSize=4')).files).toEqual(all.slice(4));
  });

  it('uses the default page size when only page is sent', async () => {
    expect(await page('page=1')).toMatchObject({ page: 1, pageSize: 50, total: 6 });
  });

  it.each([
    ['date', 'asc', ['Beta plan', 'Contract', 'Passport', 'alpha report', 'Certificate', 'Zoo trip']],
    ['title', 'asc', ['alpha report', 'Beta plan', 'Certificate', 'Contract', 'Passport', 'Zoo trip']],
    ['type', 'asc', ['Certificate', 'Contract', 'Zoo trip', 'Passport', 'Beta plan', 'alpha report']],
    ['size', 'desc', ['Beta plan', 'Passport', 'Contract', 'alpha report', 'Certificate', 'Zoo trip']],
    ['size', 'asc', ['Zoo trip', 'Certificate', 'alpha report', 'Contract', 'Passport', 'Beta plan']],
    ['timesAccessed', 'desc', ['Certificate', 'alpha report', 'Contract', 'Beta plan', 'Zoo trip', 'Passport']],
    ['sharedWith', 'asc', ['Certificate', 'Beta plan', 'Passport', 'Contract', 'alpha report', 'Zoo trip']],
  ])('sorts by %s %s, ties by id in the same direction, across pages', async (sort, dir, expected) => {
    expect(titles(await allPages(`sort=${sort}&dir=${dir}`, 4))).toEqual(expected);
  });

  it('sorts sizes and opens largest first, text A to Z, when no direction is sent', async () => {
    expect(await page('sort=size&page=1&pageSize=1')).toMatchObject({ dir: 'desc', files: [expect.objectContaining({ title: 'Beta plan' })] });
    expect(await page('sort=timesAccessed&page=1&pageSize=1')).toMatchObject({ dir: 'desc', files: [expect.objectContaining({ title: 'Certificate' })] });
    expect(await page('sort=title&page=1&pageSize=1')).toMatchObject({ dir: 'asc', files: [expect.objectContaining({ title: 'alpha report' })] });
  });

  it.each(FILE_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']]))('sorts by %s %s: pages join into the whole sorted list', async (sort, dir) => {
    const all = await whole(`sort=${sort}&dir=${dir}`);
    expect(all).toHaveLength(6);
    expect((await allPages(`sort=${sort}&dir=${dir}`, 4)).map((f) => f.fileId)).toEqual(all.map((f) => f.fileId));
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    expect(await page('page=5&pageSize=4')).toMatchObject({ files: [], total: 6, page: 5 });
  });

  it('refuses an unknown sort, a page size over the most, page 0 and an unknown direction with a 400 naming the field', async () => {
    for (const [query, field] of [['sort=name', 'sort'], [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize'], ['page=0', 'page'], ['dir=up', 'dir']]) {
      for (const url of [`/api/files/GetFilesByStudentId?studentId=${studentId}&${query}`, `/api/files/GetFilesByTeacherId?teacherId=${teacherId}&${query}`]) {
        const res = await ctx.app.inject({ url, headers: admin });
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json().fieldErrors ?? {}), url).toContain(field);
      }
    }
  });
});

describe('paged documents keep who sees which', () => {
  it("pages and counts only what is shared with the student's own teacher", async () => {
    const first = await page('page=1&pageSize=3', as.ownTeacher);
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(titles(first.files)).toEqual(['Zoo trip', 'Certificate', 'alpha report']);
    expect(titles((await page('page=2&pageSize=3', as.ownTeacher)).files)).toEqual(['Beta plan']);
    expect(titles(await whole('', as.ownTeacher))).toEqual(['Zoo trip', 'Certificate', 'alpha report', 'Beta plan']);
  });

  it('pages and counts only what is shared with the student themselves', async () => {
    const body = await page('sort=title&page=1&pageSize=2', as.student);
    expect(body).toMatchObject({ total: 3, sort: 'title', dir: 'asc' });
    expect(titles(body.files)).toEqual(['Beta plan', 'Certificate']);
    expect(titles((await page('sort=title&page=2&pageSize=2', as.student)).files)).toEqual(['Passport']);
  });

  it("answers another teacher's paged call for the student with a 404, as the whole list", async () => {
    for (const query of ['', 'page=1&pageSize=3']) {
      const res = await studentFiles(query, as.otherTeacher);
      expect(res.statusCode, query).toBe(404);
    }
  });

  it("pages a teacher's own documents shared with them; an admin sees and counts all; another teacher gets a 404", async () => {
    const teacherFiles = (query: string, headers: Headers) => ctx.app.inject({ url: `/api/files/GetFilesByTeacherId?teacherId=${teacherId}&${query}`, headers });
    const own = (await teacherFiles('sort=title&page=1&pageSize=2', as.teacher)).json() as FilePage;
    expect(own).toMatchObject({ total: 3 });
    expect(titles(own.files)).toEqual(['T1', 'T3']);
    expect(titles(((await teacherFiles('sort=title&page=2&pageSize=2', as.teacher)).json() as FilePage).files)).toEqual(['T4']);
    expect((await teacherFiles('page=1&pageSize=2', admin)).json()).toMatchObject({ total: 4 });
    expect((await teacherFiles('page=1', as.ownTeacher)).statusCode).toBe(404);
  });
});
