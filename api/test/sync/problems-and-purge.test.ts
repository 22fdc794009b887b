import { randomUUID } from 'node:crypto';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import type { SyncProblemList } from '@rollbook/shared-types/sync';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeAppliedMutations } from '../../src/modules/sync/push.repository.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, line, mutation, newAdmin, newClasses, newCourse, newTeacher, push, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let teacher: Person & { teacherId: number; teacherRateId: number };
let admin: Person;

beforeAll(async () => {
  teacher = await newTeacher(ctx.app, ctx.db);
  admin = await newAdmin(ctx.app, ctx.db);
});

async function lesson(status = 2) {
  const courseId = await newCourse(ctx.db, { status });
  const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(-24)] });
  const studentIds = [(await createStudent(ctx.db)).studentId, (await createStudent(ctx.db)).studentId];
  await enrol(ctx.db, courseId, studentIds);
  return { classId: classId!, studentIds };
}

async function problems(query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/sync/problems${query}`, headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncProblemList;
}

describe('offline problems for admins', () => {
  it('lists refused and conflicting offline changes newest first, with who, what, device time and server time', async () => {
    const active = await lesson();
    const draft = await lesson(1);
    await ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', active.classId).where('studentId', '=', active.studentIds[0]!).execute();
    const madeAt = new Date('2025-01-01T09:00:00Z'); // a device clock a long way off
    const clientId = randomUUID();
    const rejectedChange = mutation(1, 'markAttendance', { classId: draft.classId, studentId: draft.studentIds[0], statusId: 2 }, 1, madeAt);
    const conflicting = mutation(2, 'markAttendance', { classId: active.classId, studentId: active.studentIds[0], statusId: 2 }, 1, madeAt);
    const fine = mutation(3, 'markAttendance', { classId: active.classId, studentId: active.studentIds[1], statusId: 2 }, 1, madeAt);
    await push(ctx.app, teacher, clientId, [rejectedChange]);
    await push(ctx.app, teacher, clientId, [conflicting, fine]);

    const list = await problems();
    expect(list.total).toBe(2);
    expect(list.problems.map((p) => [p.mutationId, p.outcome])).toEqual([[conflicting.mutationId, 'conflict'], [rejectedChange.mutationId, 'rejected']]);
    const [conflict, refusal] = list.problems;
    expect(conflict).toMatchObject({
      clientId, userId: teacher.userId, name: 'markAttendance', args: conflicting.args,
      message: ATTENDANCE_MESSAGES.conflict, madeAt: madeAt.toISOString(),
    });
    expect(conflict?.user).toMatch(/^Test /);
    expect(refusal?.message).toBe(ATTENDANCE_MESSAGES.draft);
    expect(Math.abs(Date.parse(refusal?.appliedAt ?? '') - Date.now())).toBeLessThan(60_000);

    const firstPage = await problems('?pageSize=1');
    expect(firstPage).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(firstPage.problems.map((p) => p.mutationId)).toEqual([conflicting.mutationId]);
    expect((await problems('?pageSize=1&page=2')).problems.map((p) => p.mutationId)).toEqual([rejectedChange.mutationId]);
  });
});

describe('keeping the record 90 days', () => {
  it('purges answers older than 90 days, and a change replayed after that is still not applied again', async () => {
    const { classId, studentIds } = await lesson();
    const clientId = randomUUID();
    const old = mutation(1, 'markAttendance', { classId, studentId: studentIds[0], statusId: 2 });
    const recent = mutation(2, 'markAttendance', { classId, studentId: studentIds[1], statusId: 5 });
    await push(ctx.app, teacher, clientId, [old, recent]);
    await ctx.db.updateTable('appliedMutations').set({ appliedAt: sql<Date>`now() - interval '91 days'` }).where('mutationId', '=', old.mutationId).execute();
    await ctx.db.updateTable('appliedMutations').set({ appliedAt: sql<Date>`now() - interval '89 days'` }).where('mutationId', '=', recent.mutationId).execute();

    expect(await purgeAppliedMutations(ctx.db)).toBeGreaterThanOrEqual(1);
    const kept = await ctx.db.selectFrom('appliedMutations').select('mutationId').where('clientId', '=', clientId).execute();
    expect(kept.map((r) => r.mutationId)).toEqual([recent.mutationId]);

    // The admin changes the line; the long-lost change arrives again: it must not overwrite.
    await ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classId).where('studentId', '=', studentIds[0]!).execute();
    const replay = await push(ctx.app, teacher, clientId, [old]);
    expect(replay.body.results[0]).toMatchObject({ status: 'duplicate' });
    expect(replay.body.lastSeq).toBe(2);
    expect(await line(ctx.db, classId, studentIds[0]!)).toEqual({ statusId: 5, version: 3 });
  });
});
