import { beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/plugins/auth.js';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { AppError } from '../../src/lib/app-error.js';
import { createStudent } from '../helpers/factories.js';
import { markAttendance, NOT_PENDING_CONFLICT } from '../../src/modules/attendance/attendance.service.js';
import { createCast, createTeachingSetup, daysFromNow, enrol, markPaid, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

type Caller = keyof Cast['headers'];
const mark = (records: { classId: number; studentId: number; statusId: number; baseVersion?: number }[], caller: Caller = 'teacher') =>
  ctx.app.inject({ method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: cast.headers[caller], payload: records });

/** A past class of the demo teacher with two students on its register. */
async function pastClass(options: { courseStatusId?: number; days?: number } = {}) {
  const setup = await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId, startsAt: daysFromNow(options.days ?? -1), courseStatusId: options.courseStatusId });
  await enrol(ctx.db, setup.courseId, cast.student2Id, { classIds: [setup.classId] });
  return setup;
}

const storedStatus = async (classId: number) =>
  (await ctx.db.selectFrom('classes').select(['statusId', 'version']).where('classId', '=', classId).executeTakeFirstOrThrow());

describe('POST /api/classes/UpdateClassAttendenceMultiple', () => {
  it('marks the class Marked (3) once every student is marked', async () => {
    const { classId } = await pastClass();
    const res = await mark([{ classId, studentId: cast.studentId, statusId: 2 }, { classId, studentId: cast.student2Id, statusId: 5 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().classes).toEqual([{ classId, seriesStatusId: 3, allMarked: true, version: 2 }]);
    expect(res.json().outcomes.map((o: { outcome: string; version: number }) => `${o.outcome} v${o.version}`)).toEqual(['applied v2', 'applied v2']);
    expect((await storedStatus(classId)).statusId).toBe(3);
  });

  it('leaves a past class requiring marking (2) while one student is pending', async () => {
    const { classId } = await pastClass();
    const res = await mark([{ classId, studentId: cast.studentId, statusId: 2 }]);
    expect(res.json().classes).toEqual([{ classId, seriesStatusId: 2, allMarked: false, version: 1 }]);
  });

  it('sends a Marked class back to requiring marking when a mark is cleared to pending', async () => {
    const { classId } = await pastClass();
    await mark([{ classId, studentId: cast.studentId, statusId: 2 }, { classId, studentId: cast.student2Id, statusId: 2 }]);
    const res = await mark([{ classId, studentId: cast.student2Id, statusId: 1 }]);
    expect(res.json().classes[0]).toMatchObject({ seriesStatusId: 2, allMarked: false });
    const line = await ctx.db.selectFrom('classAttendance').select(['statusId', 'markedAt', 'version']).where('classId', '=', classId).where('studentId', '=', cast.student2Id).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ statusId: 1, markedAt: null, version: 3 });
  });

  it.each([0, 3, 4, 6, 7])('refuses status %d: users set only attended, absent or pending', async (statusId) => {
    const { classId } = await pastClass();
    const res = await mark([{ classId, studentId: cast.studentId, statusId }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Attendance can only be set to attended (2), absent (5) or pending (1)');
  });

  it.each([
    [1, 'You can not mark classes for a draft course'],
    [4, 'You can not mark classes for an archived course'],
    [5, 'You can not mark classes for a suspended course'],
  ])('refuses a course in status %d', async (courseStatusId, message) => {
    const { classId } = await pastClass({ courseStatusId });
    const res = await mark([{ classId, studentId: cast.studentId, statusId: 2 }], 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a Paid class', async () => {
    const { classId } = await pastClass();
    await markPaid(ctx.db, classId);
    const res = await mark([{ classId, studentId: cast.studentId, statusId: 5 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This class has been paid and its attendance can not be changed');
  });

  it('refuses a class that has not started yet', async () => {
    const { classId } = await pastClass({ days: 2 });
    expect((await mark([{ classId, studentId: cast.studentId, statusId: 2 }])).json().message).toBe('You can not mark a class before it has started');
  });

  it('refuses a student who is not on the register', async () => {
    const { classId } = await pastClass();
    const { studentId } = await createStudent(ctx.db);
    expect((await mark([{ classId, studentId, statusId: 2 }])).json().message).toBe('This student is not on the register of this class');
  });

  it("answers teacher2 with 404 for the teacher's class and changes nothing", async () => {
    const { classId } = await pastClass();
    const res = await mark([{ classId, studentId: cast.studentId, statusId: 2 }], 'teacher2');
    expect(res.statusCode).toBe(404);
    expect((await storedStatus(classId)).version).toBe(1);
  });

  it('saves all the records or none of them', async () => {
    const good = await pastClass();
    const draft = await pastClass({ courseStatusId: 1 });
    const res = await mark([{ classId: good.classId, studentId: cast.studentId, statusId: 2 }, { classId: draft.classId, studentId: cast.studentId, statusId: 2 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 1: ['You can not mark classes for a draft course'] });
    const line = await ctx.db.selectFrom('classAttendance').select('statusId').where('classId', '=', good.classId).where('studentId', '=', cast.studentId).executeTakeFirstOrThrow();
    expect(line.statusId).toBe(1);
  });

  it("answers 409 and keeps the line when someone marked it since the register was loaded (the web's All attended saves what it showed pending)", async () => {
    const { classId } = await pastClass();
    expect((await mark([{ classId, studentId: cast.student2Id, statusId: 5 }], 'admin')).statusCode).toBe(200);
    const res = await mark([{ classId, studentId: cast.studentId, statusId: 2, baseVersion: 1 }, { classId, studentId: cast.student2Id, statusId: 2, baseVersion: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: ATTENDANCE_MESSAGES.conflict, fieldErrors: { 1: [ATTENDANCE_MESSAGES.conflict] } });
    const lines = await ctx.db.selectFrom('classAttendance').select(['studentId', 'statusId']).where('classId', '=', classId).orderBy('studentId').execute();
    expect(Object.fromEntries(lines.map((l) => [l.studentId, l.statusId]))).toEqual({ [cast.studentId]: 1, [cast.student2Id]: 5 });
  });

  it('is refused to students', async () => {
    const { classId } = await pastClass();
    expect((await mark([{ classId, studentId: cast.studentId, statusId: 2 }], 'student')).statusCode).toBe(403);
  });
});

describe('markAttendance (the rules the offline sync push reuses)', () => {
  const teacher = (teacherId: number): Principal => ({ userId: 1, roles: [{ name: 'Teacher', entityId: teacherId }], isAdmin: false, teacherId, studentId: null });

  it('reports each record’s outcome instead of throwing, inside the caller’s transaction', async () => {
    const { classId } = await pastClass();
    const { userId } = await ctx.db.selectFrom('users').select('userId').executeTakeFirstOrThrow();
    const result = await ctx.db.transaction().execute((trx) => markAttendance(trx, { ...teacher(cast.teacherId), userId }, [
      { classId, studentId: cast.studentId, statusId: 5 },
      { classId, studentId: cast.student2Id, statusId: 4 },
      { classId: 999_999, studentId: cast.studentId, statusId: 2 },
    ]));
    expect(result.outcomes.map((o) => [o.outcome, o.code ?? null])).toEqual([['applied', null], ['rejected', 'BAD_STATUS'], ['rejected', 'NOT_FOUND']]);
    expect(result.classes).toEqual([{ classId, seriesStatusId: 2, allMarked: false, version: 1 }]);
  });

  it('answers a stale baseVersion with a conflict and the current line', async () => {
    const { classId } = await pastClass();
    const { userId } = await ctx.db.selectFrom('users').select('userId').executeTakeFirstOrThrow();
    const principal = { ...teacher(cast.teacherId), userId };
    await markAttendance(ctx.db, principal, [{ classId, studentId: cast.studentId, statusId: 2, baseVersion: 1 }]);
    const result = await markAttendance(ctx.db, principal, [{ classId, studentId: cast.studentId, statusId: 5, baseVersion: 1 }]);
    expect(result.outcomes[0]).toMatchObject({ outcome: 'conflict', code: 'CONFLICT', statusId: 2, version: 2 });
  });

  it('with onlyFrom, answers a line in another status as a conflict keeping it, whatever its baseVersion, and applies one already in the wanted status', async () => {
    const { classId } = await pastClass();
    const third = await createStudent(ctx.db);
    const { courseId } = await ctx.db.selectFrom('classes').select('courseId').where('classId', '=', classId).executeTakeFirstOrThrow();
    await enrol(ctx.db, courseId, third.studentId, { classIds: [classId] });
    const { userId } = await ctx.db.selectFrom('users').select('userId').executeTakeFirstOrThrow();
    const principal = { ...teacher(cast.teacherId), userId };
    await markAttendance(ctx.db, principal, [{ classId, studentId: cast.studentId, statusId: 5 }, { classId, studentId: cast.student2Id, statusId: 2 }]);
    const pendingOnly = { onlyFrom: new Set([1]) };

    const result = await markAttendance(ctx.db, principal, [
      { classId, studentId: cast.studentId, statusId: 2, baseVersion: 2 },
      { classId, studentId: cast.student2Id, statusId: 2, baseVersion: 2 },
      { classId, studentId: third.studentId, statusId: 2, baseVersion: 1 },
    ], pendingOnly);
    expect(result.outcomes.map((o) => [o.outcome, o.code ?? null, o.statusId, o.version])).toEqual([
      ['conflict', NOT_PENDING_CONFLICT, 5, 2], ['applied', null, 2, 2], ['applied', null, 2, 2],
    ]);

    const online = markAttendance(ctx.db, principal, [{ classId, studentId: cast.studentId, statusId: 2 }], { ...pendingOnly, allOrNothing: true });
    await expect(online).rejects.toBeInstanceOf(AppError);
    await expect(online).rejects.toMatchObject({ statusCode: 409, code: NOT_PENDING_CONFLICT });
    const line = await ctx.db.selectFrom('classAttendance').select(['statusId', 'version']).where('classId', '=', classId).where('studentId', '=', cast.studentId).executeTakeFirstOrThrow();
    expect(line).toEqual({ statusId: 5, version: 2 });
  });

  it('keeps the version when the same status is saved again', async () => {
    const { classId } = await pastClass();
    const { userId } = await ctx.db.selectFrom('users').select('userId').executeTakeFirstOrThrow();
    const principal = { ...teacher(cast.teacherId), userId };
    await markAttendance(ctx.db, principal, [{ classId, studentId: cast.studentId, statusId: 2 }]);
    const again = await markAttendance(ctx.db, principal, [{ classId, studentId: cast.studentId, statusId: 2 }]);
    expect(again.outcomes[0]).toMatchObject({ outcome: 'applied', version: 2 });
  });

  it('applies a line marked twice in one call in order: the second record sees the first one\'s version', async () => {
    const { classId } = await pastClass();
    const { userId } = await ctx.db.selectFrom('users').select('userId').executeTakeFirstOrThrow();
    const principal = { ...teacher(cast.teacherId), userId };
    const result = await markAttendance(ctx.db, principal, [
      { classId, studentId: cast.studentId, statusId: 2, baseVersion: 1 },
      { classId, studentId: cast.student2Id, statusId: 5 },
      { classId, studentId: cast.studentId, statusId: 5, baseVersion: 2 },
      { classId, studentId: cast.studentId, statusId: 2, baseVersion: 2 },
    ]);
    expect(result.outcomes.map((o) => [o.outcome, o.statusId, o.version])).toEqual([['applied', 2, 2], ['applied', 5, 2], ['applied', 5, 3], ['conflict', 5, 3]]);
    const line = await ctx.db.selectFrom('classAttendance').select(['statusId', 'version']).where('classId', '=', classId).where('studentId', '=', cast.studentId).executeTakeFirstOrThrow();
    expect(line).toEqual({ statusId: 5, version: 3 });
    expect(result.classes).toEqual([{ classId, seriesStatusId: 3, allMarked: true, version: 2 }]);
  });

  it('marks lines of several classes in one call, each line\'s version and each class\'s status its own', async () => {
    const first = await pastClass();
    const second = await pastClass({ days: -2 });
    const { userId } = await ctx.db.selectFrom('users').select('userId').executeTakeFirstOrThrow();
    const principal = { ...teacher(cast.teacherId), userId };
    await markAttendance(ctx.db, principal, [{ classId: second.classId, studentId: cast.student2Id, statusId: 2 }]);
    const result = await markAttendance(ctx.db, principal, [
      { classId: second.classId, studentId: cast.studentId, statusId: 5 },
      { classId: first.classId, studentId: cast.student2Id, statusId: 2 },
      { classId: second.classId, studentId: cast.student2Id, statusId: 5 },
      { classId: first.classId, studentId: 999_999, statusId: 2 },
    ]);
    expect(result.outcomes.map((o) => [o.classId, o.outcome, o.version, o.code ?? null])).toEqual([
      [second.classId, 'applied', 2, null], [first.classId, 'applied', 2, null], [second.classId, 'applied', 3, null], [first.classId, 'rejected', null, 'NOT_ON_REGISTER'],
    ]);
    const [low, high] = [first.classId, second.classId].sort((a, b) => a - b);
    expect(result.classes.map((c) => [c.classId, c.seriesStatusId, c.allMarked])).toEqual([
      [low, low === first.classId ? 2 : 3, low !== first.classId], [high, high === first.classId ? 2 : 3, high !== first.classId],
    ]);
    expect((await storedStatus(second.classId)).statusId).toBe(3);
    expect((await storedStatus(first.classId)).statusId).toBe(1);
  });
});

describe('GET /api/students/GetStudentsByClassId', () => {
  it('gives the register with statuses and line versions', async () => {
    const { classId } = await pastClass();
    await mark([{ classId, studentId: cast.studentId, statusId: 2 }]);
    const res = await ctx.app.inject({ url: `/api/students/GetStudentsByClassId?id=${classId}`, headers: cast.headers.teacher });
    expect(res.json()).toMatchObject({
      classId, seriesStatusId: 2, allMarked: false,
      students: [{ studentId: cast.studentId, firstName: 'Ana', statusId: 2, version: 2, enrolmentStatusId: 1 }, { studentId: cast.student2Id, firstName: 'Ben', statusId: 1, version: 1 }],
    });
  });

  it("answers teacher2 with 404 for the teacher's class", async () => {
    const { classId } = await pastClass();
    expect((await ctx.app.inject({ url: `/api/students/GetStudentsByClassId?id=${classId}`, headers: cast.headers.teacher2 })).statusCode).toBe(404);
  });
});
