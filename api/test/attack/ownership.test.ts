import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertReport } from '../helpers/payment-factories.js';
import { createCast, createClass, createRate, createTeachingSetup, daysFromNow, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// A teacher (teacher2) going after another teacher's things by id. The access matrix already shows
// each read route refusing teacher2 (403 or 404); this file shows what it cannot: that "not yours"
// is indistinguishable from "not there" (no id oracle), that refused writes change nothing, that
// filters and sync changes do not reach round the rules, and that a shared report shows a teacher
// only their own part.

const ctx = useTestApp();
let cast: Cast;
/** The demo teacher's past class with the cast's student on it. */
let theirs: Awaited<ReturnType<typeof createTeachingSetup>>;
let theirFileId: number;
let theirReportId: number;

const NOWHERE = 2_000_000_000;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  theirs = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId, startsAt: daysFromNow(-1) });
  ({ fileId: theirFileId } = await ctx.db.insertInto('files').values({
    entityTypeId: 1, entityId: cast.studentId, title: 'Passport', fileType: 'Identity', originalName: 'passport.pdf', extension: 'pdf',
    contentType: 'application/pdf', sizeBytes: 10, storageKey: randomUUID().replace(/-/g, ''), sharedWith: 'Everyone',
  }).returning('fileId').executeTakeFirstOrThrow());
  const paid = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId, startsAt: daysFromNow(-40) });
  theirReportId = await insertReport(ctx.db, [paid.classId]);
});

const as = (who: keyof Cast['headers'], url: string) => ctx.app.inject({ url, headers: cast.headers[who] });

async function classRow(classId: number) {
  return ctx.db.selectFrom('classes').select(['startsAt', 'classLength', 'statusId', 'version', 'teacherId']).where('classId', '=', classId).executeTakeFirstOrThrow();
}

describe("another teacher's things by id", () => {
  // Each route with the teacher's id and with an id that does not exist: teacher2 must not tell them apart.
  const reads: [string, (id: number) => string, () => number][] = [
    ['a class', (id) => `/api/classes/getbyid?id=${id}`, () => theirs.classId],
    ["a class's course", (id) => `/api/courses/GetCourseByClassId?id=${id}`, () => theirs.classId],
    ["a class's register", (id) => `/api/students/GetStudentsByClassId?id=${id}`, () => theirs.classId],
    ['a course', (id) => `/api/courses/GetById?id=${id}`, () => theirs.courseId],
    ["a course's classes", (id) => `/api/classes/GetByCourseId?id=${id}`, () => theirs.courseId],
    ["a course's students", (id) => `/api/students/GetStudentsByCourseId?id=${id}`, () => theirs.courseId],
    ['a student', (id) => `/api/students/getbyid?id=${id}`, () => cast.studentId],
    ["a student's files", (id) => `/api/files/GetFilesByStudentId?studentId=${id}`, () => cast.studentId],
    ['a file', (id) => `/api/files/Download?id=${id}`, () => theirFileId],
    ['a settlement report', (id) => `/api/reports/GetRaisedPaymentReport?paymentHeaderId=${id}`, () => theirReportId],
    ['a settlement report as classes to process', (id) => `/api/reports/GetTeacherPaymentReportAuto?paymentHeaderId=${id}`, () => theirReportId],
  ];

  it.each(reads)('answers %s of theirs exactly as one that does not exist: 404, same message', async (_what, url, id) => {
    const mine = await as('teacher', url(id()));
    // The owner does reach it (the file's record, whose bytes this test never stored, answers 410).
    expect([200, 410], mine.body).toContain(mine.statusCode);
    const notYours = await as('teacher2', url(id()));
    const notThere = await as('teacher2', url(NOWHERE));
    expect(notYours.statusCode).toBe(404);
    expect(notThere.statusCode).toBe(404);
    expect(notYours.json()).toEqual(notThere.json());
  });
});

describe("refused writes to another teacher's class change nothing", () => {
  it('rescheduling it online: 404 and the class keeps its time, length and version', async () => {
    const future = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId, startsAt: daysFromNow(6) });
    const before = await classRow(future.classId);
    const moved = await as('teacher2', `/api/classes/UpdateClassDate?classId=${future.classId}&classDate=${encodeURIComponent('3/3/2031 07:15')}&classLength=45&allowClashes=true`);
    const toEnd = await as('teacher2', `/api/classes/UpdateClassDateToLast?classId=${future.classId}&allowClashes=true`);
    expect([moved.statusCode, toEnd.statusCode]).toEqual([404, 404]);
    expect(await classRow(future.classId)).toEqual(before);
  });

  it('marking it in one batch with their own class: 404 for the batch, and their own mark is not saved either', async () => {
    const own = await createTeachingSetup(ctx.db, { teacherId: cast.teacher2Id, studentId: cast.student2Id, startsAt: daysFromNow(-1) });
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: cast.headers.teacher2,
      payload: [{ classId: own.classId, studentId: cast.student2Id, statusId: 2 }, { classId: theirs.classId, studentId: cast.studentId, statusId: 2 }],
    });
    expect(res.statusCode).toBe(404);
    const lines = await ctx.db.selectFrom('classAttendance').select(['classId', 'statusId', 'version'])
      .where('classId', 'in', [own.classId, theirs.classId]).orderBy('classId').execute();
    expect(lines.map((l) => [l.statusId, l.version])).toEqual([[1, 1], [1, 1]]);
  });

  it.each(['rescheduleClass', 'moveClassToEnd'] as const)('%s from a phone: rejected as not found, the class unchanged', async (name) => {
    const future = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId, startsAt: daysFromNow(8) });
    const before = await classRow(future.classId);
    const args = name === 'rescheduleClass'
      ? { classId: future.classId, classDate: '4/3/2031 08:00', classLength: 60, allowClashes: true }
      : { classId: future.classId, allowClashes: true };
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/sync/push', headers: cast.headers.teacher2,
      payload: { clientId: randomUUID(), mutations: [{ mutationId: randomUUID(), seq: 1, name, args, baseVersion: before.version, madeAt: new Date().toISOString() }] },
    });
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results as { status: string; message?: string; server?: unknown }[];
    expect(result?.status).toBe('rejected');
    expect(result?.server).toBeUndefined();
    expect(await classRow(future.classId)).toEqual(before);
  });
});

describe('filters naming their things show teacher2 only their own', () => {
  let ownClassId: number;
  beforeAll(async () => {
    // The cast's student is also on a class of teacher2's, so the student filter has something to show.
    const own = await createTeachingSetup(ctx.db, { teacherId: cast.teacher2Id, studentId: cast.studentId, startsAt: daysFromNow(-2) });
    ownClassId = own.classId;
  });

  it.each([
    ['their student', () => `studentId=${cast.studentId}`, true],
    ['their course', () => `courseId=${theirs.courseId}`, false],
    ['their settlement report', () => `paymentHeaderId=${theirReportId}`, false],
  ])('GetByFilter naming %s answers 200 listing none of their classes', async (_what, query, expectOwn) => {
    const res = await as('teacher2', `/api/classes/GetByFilter?${query()}`);
    expect(res.statusCode).toBe(200);
    const classes = res.json().classes as { classId: number; teacherId: number }[];
    expect(classes.filter((c) => c.teacherId !== cast.teacher2Id)).toEqual([]);
    expect(classes.some((c) => c.classId === ownClassId)).toBe(expectOwn);
  });
});

describe('a settlement report holding two teachers', () => {
  it("shows teacher2 only their own lines and total, never the other teacher's pay", async () => {
    const rate2 = await createRate(ctx.db, cast.teacher2Id, 2400);
    const rate1 = await createRate(ctx.db, cast.teacherId, 9900);
    const course = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.student2Id, startsAt: daysFromNow(-50) });
    const mineClass = await createClass(ctx.db, { teacherId: cast.teacher2Id, teacherRateId: rate2, courseId: course.courseId, startsAt: daysFromNow(-49), statusId: 3 });
    const theirClass = await createClass(ctx.db, { teacherId: cast.teacherId, teacherRateId: rate1, courseId: course.courseId, startsAt: daysFromNow(-48), statusId: 3 });
    await enrol(ctx.db, course.courseId, cast.student2Id, { classIds: [mineClass.classId, theirClass.classId] });
    const reportId = await insertReport(ctx.db, [mineClass.classId, theirClass.classId, course.classId]);
    const ownPence = await ctx.db.selectFrom('paymentLines').select('amountPence')
      .where('paymentHeaderId', '=', reportId).where('teacherId', '=', cast.teacher2Id).executeTakeFirstOrThrow();

    for (const url of [`/api/reports/GetRaisedPaymentReport?paymentHeaderId=${reportId}`, `/api/reports/GetTeacherPaymentReportAuto?paymentHeaderId=${reportId}`]) {
      const res = await as('teacher2', url);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json() as { teachers: { teacher: { teacherId: number }; paymentItems: { classId: number }[] }[]; grandTotalPence: number; classCount: number; paymentHeader: { amountTotalPence: number; classCount: number } | null };
      expect(report.teachers.map((t) => t.teacher.teacherId)).toEqual([cast.teacher2Id]);
      expect(report.teachers[0]?.paymentItems.map((i) => i.classId)).toEqual([mineClass.classId]);
      expect(report.grandTotalPence).toBe(ownPence.amountPence);
      expect(report.classCount).toBe(1);
      expect(report.paymentHeader?.amountTotalPence).toBe(ownPence.amountPence);
    }
    const list = await as('teacher2', '/api/reports/GetSettlementReports');
    expect(list.statusCode).toBe(200);
    const header = (list.json().paymentHeaders as { paymentHeaderId: number; amountTotalPence: number }[]).find((h) => h.paymentHeaderId === reportId);
    expect(header?.amountTotalPence).toBe(ownPence.amountPence);
  });
});
