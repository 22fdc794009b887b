import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditPage } from '@rollbook/shared-types/audit';
import { migrations } from '@rollbook/migrations';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAsActor } from '../../src/db/audit-actor.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import { createClass, createCourse, createTeacherWithRate, enrol } from '../helpers/scheduling-factories.js';
import { insertReport } from '../helpers/payment-factories.js';
import { hoursFromNow, mutation, newAdmin, newClasses, newCourse, newStudent, newTeacher, push, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let admin: Person;
let teacher: Person & { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  admin = await newAdmin(ctx.app, ctx.db);
  teacher = await newTeacher(ctx.app, ctx.db);
});

const as = (who: Person) => ({ authorization: `Bearer ${who.token}` });
const call = (who: Person, url: string, payload?: object) =>
  payload === undefined ? ctx.app.inject({ method: 'GET', url, headers: as(who) }) : ctx.app.inject({ method: 'POST', url, headers: as(who), payload });

async function trail(query: string, who: Person = admin): Promise<AuditPage> {
  const res = await call(who, `/api/audit/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const entriesOf = async (recordType: string, recordId: number | string): Promise<AuditEntry[]> =>
  (await trail(`recordType=${recordType}&recordId=${recordId}`)).entries;

describe('the audit trail records each change with who, where and when', () => {
  it('records a course edited on the web with the admin, the changed field old and new, and one time', async () => {
    const { courseId } = await createCourse(ctx.db, { statusId: 1 });
    expect((await call(admin, `/api/courses/UpdateCourseStatus?courseId=${courseId}&courseStatusId=2`)).statusCode).toBe(200);
    const [latest, created] = await entriesOf('course', courseId);
    expect(latest).toMatchObject({
      actorUserId: admin.userId, actorName: expect.stringContaining('Test'), source: 'web', recordType: 'course', recordId: String(courseId),
      action: 'update', changes: { old: { courseStatusId: 1 }, new: { courseStatusId: 2 } },
    });
    expect(latest?.occurredAt).toBe(latest?.appliedAt);
    // Written by the factory with no actor: the system's.
    expect(created).toMatchObject({ actorUserId: null, actorName: 'System', source: 'system', action: 'insert' });
    expect(created?.changes.new).toMatchObject({ courseId: courseId, courseStatusId: 1 });
  });

  it('records marks pushed from a phone as phone changes, each at the time it was made on the device', async () => {
    const courseId = await newCourse(ctx.db);
    const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(-3)] });
    const students = [await newStudent(ctx.app, ctx.db), await newStudent(ctx.app, ctx.db)];
    for (const s of students) await enrol(ctx.db, courseId, s.studentId, { classIds: [classId as number] });
    const madeAt = [new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 90 * 60_000)];
    const res = await push(ctx.app, teacher, randomUUID(), students.map((s, i) =>
      mutation(i + 1, 'markAttendance', { classId, studentId: s.studentId, statusId: 2 }, 1, madeAt[i])));
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    for (const [i, s] of students.entries()) {
      // Sorted by when changes were made: the mark (made on the phone earlier) comes after the line's creation.
      const mark = (await entriesOf('attendance', `${classId}:${s.studentId}`)).find((e) => e.action === 'update');
      expect(mark).toMatchObject({ actorUserId: teacher.userId, source: 'phone' });
      expect(mark?.changes.new).toMatchObject({ statusId: 2, markedBy: teacher.userId });
      expect(mark?.occurredAt).toBe(madeAt[i]?.toISOString());
      expect(Date.parse(mark?.appliedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('records a mark saved online as a web change', async () => {
    const courseId = await newCourse(ctx.db);
    const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(-3)] });
    const student = await newStudent(ctx.app, ctx.db);
    await enrol(ctx.db, courseId, student.studentId, { classIds: [classId as number] });
    const res = await call(teacher, '/api/classes/UpdateClassAttendenceMultiple', [{ classId, studentId: student.studentId, statusId: 5 }]);
    expect(res.statusCode, res.body).toBe(200);
    const [mark] = await entriesOf('attendance', `${classId}:${student.studentId}`);
    expect(mark).toMatchObject({ actorUserId: teacher.userId, source: 'web', action: 'update', changes: { new: { statusId: 5 } } });
  });

  it('records enrolments, deleted classes and deleted teacher rates', async () => {
    const { courseId } = await createCourse(ctx.db);
    const student = await newStudent(ctx.app, ctx.db);
    expect((await call(admin, '/api/courses/UpdateStudentStatus', { courseId, students: [{ studentId: student.studentId, statusId: 3 }] })).statusCode).toBe(200);
    expect((await entriesOf('enrolment', `${courseId}:${student.studentId}`))[0]).toMatchObject({
      actorUserId: admin.userId, source: 'web', action: 'insert', changes: { new: { statusId: 3 } },
    });

    const rated = await createTeacherWithRate(ctx.db);
    const { classId } = await createClass(ctx.db, { ...rated, courseId });
    expect((await call(admin, `/api/classes/deletebyid?id=${classId}`)).statusCode).toBe(200);
    expect((await entriesOf('class', classId))[0]).toMatchObject({ actorUserId: admin.userId, action: 'delete', changes: { old: { classId: classId, courseId: courseId } } });

    const { teacherRateId } = await ctx.db.insertInto('teacherRates').values({ teacherId: rated.teacherId, description: 'Evening', ratePence: 4200 })
      .returning('teacherRateId').executeTakeFirstOrThrow();
    expect((await call(admin, '/api/teachers/DeleteRate', { id: teacherRateId })).statusCode).toBe(200);
    const [deleted, added] = await entriesOf('teacherRate', teacherRateId);
    expect(deleted).toMatchObject({ actorUserId: admin.userId, action: 'delete', changes: { old: { ratePence: 4200, description: 'Evening' } } });
    expect(added).toMatchObject({ source: 'system', action: 'insert' });
  });

  it('keeps a deleted settlement report in the trail with what it held', async () => {
    const rated = await createTeacherWithRate(ctx.db);
    const { courseId } = await createCourse(ctx.db);
    const { classId } = await createClass(ctx.db, { ...rated, courseId, startsAt: hoursFromNow(-48), statusId: 3 });
    const reportId = await insertReport(ctx.db, [classId]);
    const res = await call(admin, `/api/reports/DeletePayments?paymentHeaderId=${reportId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.db.selectFrom('paymentHeaders').select('paymentHeaderId').where('paymentHeaderId', '=', reportId).executeTakeFirst()).toBeUndefined();
    const [deleted] = await entriesOf('settlementReport', reportId);
    expect(deleted).toMatchObject({ actorUserId: admin.userId, source: 'web', action: 'delete', recordId: String(reportId) });
    expect(deleted?.changes.old).toMatchObject({ paymentHeaderId: reportId, amountTotalPence: expect.any(Number) });
  });

  it('records a password change without the password, and access removed', async () => {
    const user = await createUser(ctx.db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const me: Person = { userId: user.userId, principal: admin.principal, token: tokenFor(ctx.app, user.userId, 'CompanyAdmin', null) };
    const res = await call(me, '/api/users/UpdatePassword', { userName: user.username, oldPassword: user.password, newPassword: 'a-new-pass-42', confirmPassword: 'a-new-pass-42' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = (await entriesOf('user', user.userId)).find((e) => e.changes.new?.passwordHash);
    expect(changed).toMatchObject({ actorUserId: user.userId, action: 'update', changes: { old: { passwordHash: 'hidden' }, new: { passwordHash: 'hidden' } } });
    expect(JSON.stringify(changed)).not.toMatch(/\$|scrypt|argon/);

    const leaving = await newTeacher(ctx.app, ctx.db);
    expect((await call(admin, `/api/users/DeleteUser?id=${leaving.teacherId}&type=2`)).statusCode).toBe(200);
    const [removed] = await entriesOf('user', leaving.userId);
    expect(removed).toMatchObject({ actorUserId: admin.userId, action: 'update', changes: { old: { active: true }, new: { active: false } } });
  });
});

describe('GET /api/audit/list filters and pages on the server', () => {
  it('filters by person and date range, and pages newest first with the total', async () => {
    const other = await newAdmin(ctx.app, ctx.db);
    const courseIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { courseId } = await createCourse(ctx.db, { statusId: 1 });
      courseIds.push(courseId);
      await call(other, `/api/courses/UpdateCourseStatus?courseId=${courseId}&courseStatusId=2`);
    }
    const mine = await trail(`userId=${other.userId}&pageSize=2&page=1`);
    expect(mine).toMatchObject({ total: 3, page: 1, pageSize: 2, sort: 'occurredAt', dir: 'desc' });
    expect(mine.entries.map((e) => e.recordId)).toEqual([courseIds[2], courseIds[1]].map(String));
    const second = await trail(`userId=${other.userId}&pageSize=2&page=2`);
    expect(second.entries.map((e) => e.recordId)).toEqual([String(courseIds[0])]);
    // A page past the end has no entry, and still says how many there are.
    expect(await trail(`userId=${other.userId}&pageSize=2&page=3`)).toMatchObject({ entries: [], total: 3 });
    expect(mine.entries.every((e) => e.actorUserId === other.userId)).toBe(true);

    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
    expect((await trail(`userId=${other.userId}&from=${today}&to=${today}`)).total).toBe(3);
    expect((await trail(`userId=${other.userId}&from=1/1/2020&to=31/12/2020`)).total).toBe(0);

    const actors = (await call(admin, '/api/audit/actors')).json() as { userId: number }[];
    expect(actors.map((a) => a.userId)).toContain(other.userId);
  });

  it('is for admins only', async () => {
    expect((await call(teacher, '/api/audit/list')).statusCode).toBe(403);
    expect((await call(teacher, '/api/audit/actors')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/audit/list' })).statusCode).toBe(401);
  });

  it.each([
    ['recordType=course&recordId=abc', 'recordId'],
    ['recordId=12', 'recordId'],
    ['recordType=lesson', 'recordType'],
    ['from=31/02/2026', 'from'],
    ['from=2/1/2026&to=1/1/2026', 'to'],
    ['userId=0', 'userId'],
    ['pageSize=1000', 'pageSize'],
  ])('answers 400 with a message for %s', async (query, field) => {
    const res = await call(admin, `/api/audit/list?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors?.[field]?.[0]).toEqual(expect.any(String));
  });
});

describe("the request's actor reaches the transactions that write", () => {
  const actorSetting = sql<{ actor: string | null }>`select nullif(current_setting('rollbook.actor', true), '') as actor`;

  it('is set in a read-write transaction and not sent at all in a read-only one (a sync pull)', async () => {
    const actor = { userId: admin.userId, source: 'web' as const };
    const [written, readOnly] = await runAsActor(actor, () => Promise.all([
      ctx.db.transaction().execute(async (trx) => (await actorSetting.execute(trx)).rows[0]?.actor),
      ctx.db.transaction().setAccessMode('read only').execute(async (trx) => (await actorSetting.execute(trx)).rows[0]?.actor),
    ]));
    expect(JSON.parse(written as string)).toEqual({ user: admin.userId, source: 'web' });
    expect(readOnly).toBeNull();
  });

  it('records a write made in the same request after a read-only transaction under its actor', async () => {
    const { courseId } = await createCourse(ctx.db);
    await runAsActor({ userId: admin.userId, source: 'web' }, async () => {
      await ctx.db.transaction().setAccessMode('read only').execute((trx) => trx.selectFrom('courses').select('courseId').execute());
      await ctx.db.transaction().setAccessMode('read write').execute((trx) => trx.updateTable('courses').set({ title: 'Read, then written' }).where('courseId', '=', courseId).execute());
    });
    const [edit] = (await entriesOf('course', courseId)).filter((e) => e.action === 'update');
    expect(edit).toMatchObject({ actorUserId: admin.userId, source: 'web', changes: { new: { title: 'Read, then written' } } });
  });
});

describe('a transaction that turns the trail off (the demo and bench seeds)', () => {
  const NOT_FOR_GENERATED = '2026_11_27_140100_audit_not_for_generated_schools';
  const courseInserted = async (auditOff: boolean) => ctx.db.transaction().execute(async (trx) => {
    if (auditOff) await sql`select set_config('rollbook.audit', 'off', true)`.execute(trx);
    return (await createCourse(trx)).courseId;
  });

  it('records nothing, and did before the migration that added it (its down and up both work)', async () => {
    expect(await entriesOf('course', await courseInserted(true))).toEqual([]);
    expect(await entriesOf('course', await courseInserted(false))).toHaveLength(1);

    await migrations[NOT_FOR_GENERATED]?.down?.(ctx.db);
    try {
      expect(await entriesOf('course', await courseInserted(true))).toHaveLength(1);
    } finally {
      await migrations[NOT_FOR_GENERATED]?.up(ctx.db);
    }
    expect(await entriesOf('course', await courseInserted(true))).toEqual([]);
  });
});

describe('nothing can edit or delete an entry', () => {
  it('has no route that writes to the trail', () => {
    const writes = ctx.app.routeCatalog.filter((r) => r.url.toLowerCase().startsWith('/api/audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the table itself', async () => {
    const { courseId } = await createCourse(ctx.db);
    await expect(sql`update audit_entries set source = 'web' where record_id = ${String(courseId)}`.execute(ctx.db)).rejects.toThrow(/audit trail cannot be changed/);
    await expect(sql`delete from audit_entries where record_id = ${String(courseId)}`.execute(ctx.db)).rejects.toThrow(/audit trail cannot be changed/);
    await expect(sql`truncate audit_entries`.execute(ctx.db)).rejects.toThrow(/audit trail cannot be changed/);
    expect((await entriesOf('course', courseId))).toHaveLength(1);
  });
});
