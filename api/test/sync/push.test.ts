import { randomUUID } from 'node:crypto';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { CLIENT_OTHER_USER_MESSAGE, MUTATION_REUSED_MESSAGE } from '@rollbook/shared-types/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import {
  enrol, hoursFromNow, line, mutation, newAdmin, newClasses, newCourse, newTeacher, push, signIn, type Person,
} from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let teacher: Person & { teacherId: number; teacherRateId: number };
let otherTeacher: Person & { teacherId: number; teacherRateId: number };
let admin: Person;

beforeAll(async () => {
  teacher = await newTeacher(ctx.app, ctx.db);
  otherTeacher = await newTeacher(ctx.app, ctx.db);
  admin = await newAdmin(ctx.app, ctx.db);
});

/** A course of the teacher with classes that have already started and students on their registers. */
async function classesWithStudents(o: { classes: number; students: number; status?: number; who?: typeof teacher }) {
  const courseId = await newCourse(ctx.db, { status: o.status ?? 2 });
  const starts = Array.from({ length: o.classes }, (_, i) => hoursFromNow(-24 * (i + 1) - 1));
  const classIds = await newClasses(ctx.db, { courseId, teacher: o.who ?? teacher, starts });
  const studentIds: number[] = [];
  for (let i = 0; i < o.students; i++) studentIds.push((await createStudent(ctx.db)).studentId);
  await enrol(ctx.db, courseId, studentIds);
  return { courseId, classIds, studentIds };
}

const mark = (seq: number, classId: number, studentId: number, statusId: 1 | 2 | 5, baseVersion = 1) =>
  mutation(seq, 'markAttendance', { classId, studentId, statusId }, baseVersion);

async function appliedCount(clientId: string) {
  const row = await ctx.db.selectFrom('appliedMutations').select((eb) => eb.fn.countAll<number>().as('n')).where('clientId', '=', clientId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('push: each change applied once, in order', () => {
  it('applies a mark and answers with the register line\'s new version', async () => {
    const { classIds: [classId], studentIds: [studentId] } = await classesWithStudents({ classes: 1, students: 1 });
    const clientId = randomUUID();
    const res = await push(ctx.app, teacher, clientId, [mark(1, classId!, studentId!, 2)]);
    expect(res.statusCode).toBe(200);
    expect(res.body.results).toEqual([expect.objectContaining({ status: 'applied', seq: 1, version: 2 })]);
    expect(res.body.lastSeq).toBe(1);
    expect(await line(ctx.db, classId!, studentId!)).toEqual({ statusId: 2, version: 2 });
  });

  it('answers a replay with duplicate and the first answer, applying nothing again', async () => {
    const { classIds: [classId], studentIds: [studentId] } = await classesWithStudents({ classes: 1, students: 1 });
    const clientId = randomUUID();
    const m = mark(1, classId!, studentId!, 2);
    await push(ctx.app, teacher, clientId, [m]);
    const replay = await push(ctx.app, teacher, clientId, [m]);
    expect(replay.body.results).toEqual([expect.objectContaining({ status: 'duplicate', previous: 'applied', version: 2 })]);
    expect(await line(ctx.db, classId!, studentId!)).toEqual({ statusId: 2, version: 2 });
    expect(await appliedCount(clientId)).toBe(1);
  });

  it('refuses the same mutation id with a different body with 422 and applies nothing of that push', async () => {
    const { classIds: [classId], studentIds: [s1, s2] } = await classesWithStudents({ classes: 1, students: 2 });
    const clientId = randomUUID();
    const m = mark(1, classId!, s1!, 2);
    await push(ctx.app, teacher, clientId, [m]);
    const other = mark(2, classId!, s2!, 5);
    const res = await push(ctx.app, teacher, clientId, [other, { ...m, args: { classId, studentId: s1, statusId: 5 } }]);
    expect(res.statusCode).toBe(422);
    expect(res.body.message).toBe(MUTATION_REUSED_MESSAGE);
    expect(await line(ctx.db, classId!, s2!)).toEqual({ statusId: 1, version: 1 });
  });

  it('applies ten identical pushes sent at once exactly once; the others answer duplicate', async () => {
    const { classIds: [classId], studentIds: [studentId] } = await classesWithStudents({ classes: 1, students: 1 });
    const clientId = randomUUID();
    const m = mark(1, classId!, studentId!, 5);
    const all = await Promise.all(Array.from({ length: 10 }, () => push(ctx.app, teacher, clientId, [m])));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const statuses = all.map((r) => r.body.results[0]?.status).sort();
    expect(statuses).toEqual(['applied', ...Array(9).fill('duplicate')]);
    expect(await line(ctx.db, classId!, studentId!)).toEqual({ statusId: 5, version: 2 });
    expect(await appliedCount(clientId)).toBe(1);
  });

  it('answers outOfOrder past a gap in seq, records nothing, and applies all once the missing one arrives', async () => {
    const { classIds: [classId], studentIds: [s1, s2, s3] } = await classesWithStudents({ classes: 1, students: 3 });
    const clientId = randomUUID();
    const [m1, m2, m3] = [mark(1, classId!, s1!, 2), mark(2, classId!, s2!, 2), mark(3, classId!, s3!, 2)];
    const gap = await push(ctx.app, teacher, clientId, [m2!, m3!]);
    expect(gap.body.results.map((r) => r.status)).toEqual(['outOfOrder', 'outOfOrder']);
    expect(gap.body.lastSeq).toBe(0);
    expect(await appliedCount(clientId)).toBe(0);
    const all = await push(ctx.app, teacher, clientId, [m1!, m2!, m3!]);
    expect(all.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(all.body.lastSeq).toBe(3);
  });

  it('processes a batch in seq order whatever order it was sent in', async () => {
    const { classIds: [classId], studentIds: [studentId] } = await classesWithStudents({ classes: 1, students: 1 });
    const clientId = randomUUID();
    const first = mark(1, classId!, studentId!, 2);
    const second = mark(2, classId!, studentId!, 5, 1);
    const res = await push(ctx.app, teacher, clientId, [second, first]);
    expect(res.body.results.map((r) => [r.seq, r.status])).toEqual([[2, 'applied'], [1, 'applied']]);
    expect(await line(ctx.db, classId!, studentId!)).toEqual({ statusId: 5, version: 3 });
  });

  it('rejects a mark on a class of a draft course with the spec\'s message and applies the rest of the batch', async () => {
    const active = await classesWithStudents({ classes: 1, students: 2 });
    const draft = await classesWithStudents({ classes: 1, students: 1, status: 1 });
    const clientId = randomUUID();
    const res = await push(ctx.app, teacher, clientId, [
      mark(1, active.classIds[0]!, active.studentIds[0]!, 2),
      mark(2, draft.classIds[0]!, draft.studentIds[0]!, 2),
      mark(3, active.classIds[0]!, active.studentIds[1]!, 5),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(res.body.results[1]?.message).toBe(ATTENDANCE_MESSAGES.draft);
    expect(res.body.lastSeq).toBe(3);
    expect(await line(ctx.db, draft.classIds[0]!, draft.studentIds[0]!)).toEqual({ statusId: 1, version: 1 });
    // The refusal is recorded: a replay repeats it.
    const replay = await push(ctx.app, teacher, clientId, [mark(2, draft.classIds[0]!, draft.studentIds[0]!, 2)]);
    expect(replay.body.results[0]).toMatchObject({ status: 'rejected' });
  });

  it('rejects a mark on another teacher\'s class as not found, without showing its register', async () => {
    const theirs = await classesWithStudents({ classes: 1, students: 1, who: otherTeacher });
    const res = await push(ctx.app, teacher, randomUUID(), [mark(1, theirs.classIds[0]!, theirs.studentIds[0]!, 2)]);
    expect(res.body.results[0]).toEqual(expect.objectContaining({ status: 'rejected', message: ATTENDANCE_MESSAGES.classNotFound }));
    expect(res.body.results[0]?.server).toBeUndefined();
    expect(await line(ctx.db, theirs.classIds[0]!, theirs.studentIds[0]!)).toEqual({ statusId: 1, version: 1 });
  });

  it('rejects a change the server does not know or with bad arguments, without blocking the queue', async () => {
    const { classIds: [classId], studentIds: [studentId] } = await classesWithStudents({ classes: 1, students: 1 });
    const res = await push(ctx.app, teacher, randomUUID(), [
      mutation(1, 'deleteEverything', {}),
      mutation(2, 'markAttendance', { classId, studentId, statusId: 3 }),
      mark(3, classId!, studentId!, 2),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'applied']);
  });

  it('refuses a clientId that belongs to another user with 403', async () => {
    const clientId = randomUUID();
    await push(ctx.app, otherTeacher, clientId, [mutation(1, 'noSuchChange', {})]);
    const res = await push(ctx.app, teacher, clientId, [mutation(1, 'noSuchChange', {})]);
    expect(res.statusCode).toBe(403);
    expect(res.body.message).toBe(CLIENT_OTHER_USER_MESSAGE);
  });

  it('applies nothing twice when a response is lost and the same batch is sent again', async () => {
    const { classIds, studentIds } = await classesWithStudents({ classes: 2, students: 3 });
    const clientId = randomUUID();
    const batch = classIds.flatMap((c) => studentIds.map((s) => ({ c, s }))).map(({ c, s }, i) => mark(i + 1, c, s, i % 2 ? 2 : 5));
    await push(ctx.app, teacher, clientId, batch); // the answer is lost on the way
    const again = await push(ctx.app, teacher, clientId, batch);
    expect(again.body.results.every((r) => r.status === 'duplicate' && r.previous === 'applied')).toBe(true);
    const lines = await ctx.db.selectFrom('classAttendance').select(['version']).where('classId', 'in', classIds).execute();
    expect(lines.map((l) => l.version)).toEqual(Array(6).fill(2));
    expect(await appliedCount(clientId)).toBe(6);
  });

  it('ignores the device clock: a change made "a year ago" or "next year" applies in seq order', async () => {
    const { classIds: [classId], studentIds: [studentId] } = await classesWithStudents({ classes: 1, students: 1 });
    const clientId = randomUUID();
    const yearAgo = new Date(Date.now() - 365 * 86_400_000);
    const nextYear = new Date(Date.now() + 365 * 86_400_000);
    const res = await push(ctx.app, teacher, clientId, [
      mutation(1, 'markAttendance', { classId, studentId, statusId: 2 }, 1, nextYear),
      mutation(2, 'markAttendance', { classId, studentId, statusId: 5 }, 1, yearAgo),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await line(ctx.db, classId!, studentId!)).toEqual({ statusId: 5, version: 3 });
    const stored = await ctx.db.selectFrom('appliedMutations').select(['seq', 'madeAt', 'appliedAt']).where('clientId', '=', clientId).orderBy('seq').execute();
    expect(stored[1]?.madeAt?.getTime()).toBe(yearAgo.getTime());
    expect(Math.abs((stored[1]?.appliedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('answers a student with 403', async () => {
    const studentId = (await createStudent(ctx.db)).studentId;
    const student = await signIn(ctx.app, ctx.db, 'Student', studentId);
    const res = await push(ctx.app, student, randomUUID(), [mutation(1, 'noSuchChange', {})]);
    expect(res.statusCode).toBe(403);
    const asAdmin = await push(ctx.app, admin, randomUUID(), [mutation(1, 'noSuchChange', {})]);
    expect(asAdmin.statusCode).toBe(403);
  });
});
