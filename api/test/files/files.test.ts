import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { countRows, createClassFor, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { multipartBody, type UploadFile } from './multipart.js';

let testDb: TestDb;
let app: FastifyInstance;
let filesDir: string;
let admin: { authorization: string };
const LIMIT = 64 * 1024;

/** Every stored object under the store's folder. */
function storedKeys(): string[] {
  if (!existsSync(filesDir)) return [];
  return readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

beforeAll(async () => {
  testDb = await createTestDb();
  filesDir = join(await mkdtemp(join(tmpdir(), 'rollbook-files-')), 'store');
  app = await buildTestApp(testDb.db, { filesDir, maxUploadBytes: LIMIT });
  admin = (await loginFor(app, testDb.db, 'CompanyAdmin', null)).headers;
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

const upload = (fields: Record<string, string | number>, files: UploadFile[], headers = admin) => {
  const body = multipartBody(fields, files);
  return app.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...headers, ...body.headers } });
};
const pdf = (content: Buffer | string = '%PDF-1.4 test document', filename = 'Contract 2026.pdf'): UploadFile => ({ filename, content, contentType: 'application/pdf' });

async function nothingWritten<R extends { statusCode: number }>(action: () => Promise<R>, status: number): Promise<R> {
  const rows = await countRows(testDb.db, 'files');
  const keys = storedKeys().length;
  const res = await action();
  expect(res.statusCode).toBe(status);
  expect(await countRows(testDb.db, 'files')).toBe(rows);
  expect(storedKeys()).toHaveLength(keys);
  return res;
}

describe('upload and download', () => {
  it('stores a student document under a random key and lists it with type, title, size, sharing and date', async () => {
    const student = await createStudent(testDb.db);
    const res = await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Signed contract', fileType: 'Contract', fileAccessSubject: 'Owner' }, [pdf()]);
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({
      entityTypeId: 1, entityId: student.studentId, title: 'Signed contract', fileType: 'Contract', name: 'Contract 2026.pdf', extention: 'pdf',
      contentType: 'application/pdf', size: 22, fileAccessSubject: 'Owner', timesAccessed: 0, uploadedBy: expect.stringMatching(/^Test /),
    });
    expect(item.uploadedDateString).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const row = await testDb.db.selectFrom('files').select('storageKey').where('fileId', '=', item.fileId).executeTakeFirstOrThrow();
    expect(row.storageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(storedKeys()).toContain(row.storageKey);
    const list = await app.inject({ url: `/api/files/GetFilesByStudentId?studentId=${student.studentId}`, headers: admin });
    expect(list.json()).toEqual([item]);
  });

  it('downloads the exact bytes as an attachment and counts each access', async () => {
    const student = await createStudent(testDb.db);
    const content = randomBytes(5000);
    const item = (await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Scan' }, [{ filename: 'Résumé scan.pdf', content, contentType: 'application/pdf' }])).json();
    expect(item).toMatchObject({ fileType: 'Document', fileAccessSubject: 'Staff' });
    for (const expected of [1, 2]) {
      const res = await app.inject({ url: `/api/files/Download?id=${item.fileId}`, headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(content)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="R_sum_ scan.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20scan.pdf`);
      const row = await testDb.db.selectFrom('files').select('timesAccessed').where('fileId', '=', item.fileId).executeTakeFirstOrThrow();
      expect(row.timesAccessed).toBe(expected);
    }
  });

  it('serves a type a browser could run (HTML) as plain bytes, never as a page', async () => {
    const student = await createStudent(testDb.db);
    const item = (await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Page' }, [{ filename: 'x.html', content: '<script>alert(1)</script>', contentType: 'text/html' }])).json();
    const res = await app.inject({ url: `/api/files/Download?id=${item.fileId}`, headers: admin });
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('treats a path in the file name as a name only: the directories are cut off and nothing lands outside the store', async () => {
    const student = await createStudent(testDb.db);
    const res = await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Sneaky' }, [{ filename: '../../etc/passwd', content: 'root:x:0:0' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'passwd', extention: '' });
    const windows = await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Sneaky' }, [{ filename: '..\\..\\boot.ini', content: 'x' }]);
    expect(windows.json().name).toBe('boot.ini');
  });

  it('refuses a file name that is nothing but dots, with a clear 400', async () => {
    const student = await createStudent(testDb.db);
    const res = await nothingWritten(() => upload({ entityTypeId: 1, entityId: student.studentId, title: 'Dots' }, [{ filename: '..', content: 'x' }]), 400);
    expect(res.json()).toMatchObject({ message: 'The file name is not valid', fieldErrors: { file: ['The file name is not valid'] } });
  });

  it('refuses a file over the size limit with 413 and keeps none of its bytes', async () => {
    const student = await createStudent(testDb.db);
    const res = await nothingWritten(() => upload({ entityTypeId: 1, entityId: student.studentId, title: 'Huge' }, [pdf(randomBytes(LIMIT + 1))]), 413);
    expect(res.json()).toEqual({ message: 'The file is too large: the limit is 64 KB', code: 'FILE_TOO_LARGE' });
  });

  it('accepts a file of exactly the size limit', async () => {
    const student = await createStudent(testDb.db);
    const res = await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Just fits' }, [pdf(randomBytes(LIMIT))]);
    expect(res.statusCode).toBe(201);
    expect(res.json().size).toBe(LIMIT);
  });

  it('takes files far larger than the 1 MB JSON body limit when the upload limit allows (default 10 MB)', async () => {
    const roomy = await buildTestApp(testDb.db, { filesDir });
    try {
      const student = await createStudent(testDb.db);
      const content = randomBytes(3 * 1024 * 1024);
      const body = multipartBody({ entityTypeId: 1, entityId: student.studentId, title: 'Big scan' }, [pdf(content)]);
      const login = await loginFor(roomy, testDb.db, 'CompanyAdmin', null);
      const res = await roomy.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...login.headers, ...body.headers } });
      expect(res.statusCode).toBe(201);
      expect(res.json().size).toBe(content.length);
      const tooBig = multipartBody({ entityTypeId: 1, entityId: student.studentId, title: 'Too big' }, [pdf(randomBytes(10 * 1024 * 1024 + 1))]);
      const refused = await roomy.inject({ method: 'POST', url: '/api/files/Upload', payload: tooBig.payload, headers: { ...login.headers, ...tooBig.headers } });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe('The file is too large: the limit is 10 MB');
    } finally {
      await roomy.close();
    }
  });

  it.each([
    ['no file', {}, [], 'file', 'Please choose a file to upload'],
    ['no title', { title: '' }, [pdf()], 'title', 'Please enter a title'],
    ['an unknown owner type', { entityTypeId: 3 }, [pdf()], 'entityTypeId', 'entityTypeId must be 1 (student) or 2 (teacher)'],
    ['an unknown sharing value', { fileAccessSubject: 'Public' }, [pdf()], 'fileAccessSubject', undefined],
    ['a non-numeric owner id', { entityId: 'abc' }, [pdf()], 'entityId', undefined],
  ])('refuses an upload with %s: 400, no record, no bytes', async (_case, overrides, files, field, message) => {
    const student = await createStudent(testDb.db);
    const res = await nothingWritten(() => upload({ entityTypeId: 1, entityId: student.studentId, title: 'Doc', ...overrides }, files), 400);
    expect(res.json().fieldErrors).toHaveProperty(field);
    if (message) expect(res.json().fieldErrors[field]).toContain(message);
  });

  it('refuses two files in one upload', async () => {
    const student = await createStudent(testDb.db);
    const res = await nothingWritten(() => upload({ entityTypeId: 1, entityId: student.studentId, title: 'Two' }, [pdf(), pdf('second', 'b.pdf')]), 400);
    expect(res.json().message).toBe('Please upload one file at a time');
  });

  it("refuses sharing a teacher's document with 'Teachers' and uploads for someone who does not exist", async () => {
    const teacher = await createTeacherRecord(testDb.db);
    const teachers = await nothingWritten(() => upload({ entityTypeId: 2, entityId: teacher.teacherId, title: 'CV', fileAccessSubject: 'Teachers' }, [pdf()]), 400);
    expect(teachers.json().fieldErrors.fileAccessSubject).toEqual(["A teacher's document can be shared with Staff, Owner or Everyone"]);
    await nothingWritten(() => upload({ entityTypeId: 1, entityId: 999_999, title: 'Ghost' }, [pdf()]), 404);
  });

  it('answers 415 to a JSON body', async () => {
    const res = await nothingWritten(() => app.inject({ method: 'POST', url: '/api/files/Upload', payload: { title: 'x' }, headers: admin }), 415);
    expect(res.json().message).toBe('Send the file as multipart/form-data');
  });

  it('deletes the record and the bytes, answering the deleted id, not the files left', async () => {
    const teacher = await createTeacherRecord(testDb.db);
    const keep = (await upload({ entityTypeId: 2, entityId: teacher.teacherId, title: 'Keep' }, [pdf()])).json();
    const drop = (await upload({ entityTypeId: 2, entityId: teacher.teacherId, title: 'Drop' }, [pdf()])).json();
    const { storageKey } = await testDb.db.selectFrom('files').select('storageKey').where('fileId', '=', drop.fileId).executeTakeFirstOrThrow();
    const res = await app.inject({ method: 'POST', url: '/api/files/Delete', payload: { id: drop.fileId }, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fileId: drop.fileId });
    const left = await app.inject({ url: `/api/files/GetFilesByTeacherId?teacherId=${teacher.teacherId}`, headers: admin });
    expect(left.json().map((f: { fileId: number }) => f.fileId)).toEqual([keep.fileId]);
    expect(storedKeys()).not.toContain(storageKey);
    expect((await app.inject({ method: 'POST', url: '/api/files/Delete', payload: { id: drop.fileId }, headers: admin })).statusCode).toBe(404);
    for (const payload of [{ id: 'one' }, {}, { id: 0 }]) {
      await nothingWritten(() => app.inject({ method: 'POST', url: '/api/files/Delete', payload, headers: admin }), 400);
    }
    expect(await countRows(testDb.db, 'files')).toBeGreaterThan(0);
  });

  it('answers 410 when the record exists but the store lost its bytes', async () => {
    const student = await createStudent(testDb.db);
    const item = (await upload({ entityTypeId: 1, entityId: student.studentId, title: 'Lost' }, [pdf()])).json();
    await testDb.db.updateTable('files').set({ storageKey: randomBytes(16).toString('hex') }).where('fileId', '=', item.fileId).execute();
    expect((await app.inject({ url: `/api/files/Download?id=${item.fileId}`, headers: admin })).statusCode).toBe(410);
  });

  it('refuses a download id that is a path', async () => {
    expect((await app.inject({ url: '/api/files/Download?id=../../etc/passwd', headers: admin })).statusCode).toBe(400);
  });
});

describe('who sees which document', () => {
  it("shows a student's documents to the student and their teachers according to the sharing", async () => {
    const student = await createStudent(testDb.db);
    const teacher = await createTeacherRecord(testDb.db);
    const otherTeacher = await createTeacherRecord(testDb.db);
    await createClassFor(testDb.db, teacher, [student.studentId]);
    const ids: Record<string, number> = {};
    for (const sharing of ['Staff', 'Owner', 'Teachers', 'Everyone']) {
      ids[sharing] = (await upload({ entityTypeId: 1, entityId: student.studentId, title: sharing, fileAccessSubject: sharing }, [pdf()])).json().fileId;
    }
    const asStudent = (await loginFor(app, testDb.db, 'Student', student.studentId)).headers;
    const asTeacher = (await loginFor(app, testDb.db, 'Teacher', teacher.teacherId)).headers;
    const asOther = (await loginFor(app, testDb.db, 'Teacher', otherTeacher.teacherId)).headers;
    const titles = async (headers: { authorization: string }) =>
      (await app.inject({ url: `/api/files/GetFilesByStudentId?studentId=${student.studentId}`, headers })).json().map((f: { title: string }) => f.title).sort();

    expect(await titles(admin)).toEqual(['Everyone', 'Owner', 'Staff', 'Teachers']);
    expect(await titles(asStudent)).toEqual(['Everyone', 'Owner']);
    expect(await titles(asTeacher)).toEqual(['Everyone', 'Teachers']);
    expect((await app.inject({ url: `/api/files/GetFilesByStudentId?studentId=${student.studentId}`, headers: asOther })).statusCode).toBe(404);

    const download = (id: number, headers: { authorization: string }) => app.inject({ url: `/api/files/Download?id=${id}`, headers }).then((r) => r.statusCode);
    expect(await download(ids.Owner as number, asStudent)).toBe(200);
    expect(await download(ids.Staff as number, asStudent)).toBe(404);
    expect(await download(ids.Teachers as number, asStudent)).toBe(404);
    expect(await download(ids.Teachers as number, asTeacher)).toBe(200);
    expect(await download(ids.Owner as number, asTeacher)).toBe(404);
    expect(await download(ids.Everyone as number, asOther)).toBe(404);
  });

  it("shows a teacher's documents shared with them to that teacher only", async () => {
    const teacher = await createTeacherRecord(testDb.db);
    const other = await createTeacherRecord(testDb.db);
    await upload({ entityTypeId: 2, entityId: teacher.teacherId, title: 'Contract', fileAccessSubject: 'Owner' }, [pdf()]);
    await upload({ entityTypeId: 2, entityId: teacher.teacherId, title: 'Observation', fileAccessSubject: 'Staff' }, [pdf()]);
    const asTeacher = (await loginFor(app, testDb.db, 'Teacher', teacher.teacherId)).headers;
    const asOther = (await loginFor(app, testDb.db, 'Teacher', other.teacherId)).headers;
    const mine = await app.inject({ url: `/api/files/GetFilesByTeacherId?teacherId=${teacher.teacherId}`, headers: asTeacher });
    expect(mine.json().map((f: { title: string }) => f.title)).toEqual(['Contract']);
    expect((await app.inject({ url: `/api/files/GetFilesByTeacherId?teacherId=${teacher.teacherId}`, headers: asOther })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/files/GetFilesByTeacherId?teacherId=${teacher.teacherId}`, headers: admin })).json()).toHaveLength(2);
  });

  it('does not let a teacher or student upload or delete', async () => {
    const student = await createStudent(testDb.db);
    const asStudent = (await loginFor(app, testDb.db, 'Student', student.studentId)).headers;
    await nothingWritten(() => upload({ entityTypeId: 1, entityId: student.studentId, title: 'Mine' }, [pdf()], asStudent), 403);
  });
});

describe('the disk file store', () => {
  it('keeps bytes under their key and refuses any key it did not make', async () => {
    const { createDiskFileStore, newStorageKey } = await import('../../src/lib/file-store.js');
    const { Readable } = await import('node:stream');
    const store = createDiskFileStore(join(filesDir, 'unit'));
    const key = newStorageKey();
    expect(await store.put(key, Readable.from([Buffer.from('hello')]))).toBe(5);
    const stream = await store.get(key);
    expect(stream).not.toBeNull();
    expect(await readFile(join(filesDir, 'unit', key.slice(0, 2), key), 'utf8')).toBe('hello');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    for (const bad of ['../../etc/passwd', 'ABC', '', `${key}/..`]) {
      await expect(store.get(bad)).rejects.toThrow('Invalid storage key');
    }
  });
});
