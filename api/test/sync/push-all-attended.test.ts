import { randomUUID } from 'node:crypto';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, line, mutation, newAdmin, newClasses, newCourse, newTeacher, push, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// "Register in one tap": the phone's "All attended" is ONE queued change carrying every
// line the teacher saw pending (markAllAttended), applied once however often the push is replayed.

const ctx = useTestApp();
let teacher: Person & { teacherId: number; teacherRateId: number };
let admin: Person;

beforeAll(async () => {
  teacher = await newTeacher(ctx.app, ctx.db);
  admin = await newAdmin(ctx.app, ctx.db);
});

async function classOf(students: number, startsIn = -2) {
  const courseId = await newCourse(ctx.db);
  const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(startsIn)] });
  const studentIds: number[] = [];
  for (let i = 0; i < students; i++) studentIds.push((await createStudent(ctx.db)).studentId);
  await enrol(ctx.db, courseId, studentIds);
  return { classId: classId as number, studentIds };
}

const allAttended = (seq: number, classId: number, studentIds: number[], baseVersion = 1) =>
  mutation(seq, 'markAllAttended', { classId, lines: studentIds.map((studentId) => ({ studentId, baseVersion })) }, 0);

const lines = (classId: number, studentIds: number[]) => Promise.all(studentIds.map((s) => line(ctx.db, classId, s)));

/** How many times each line of the class was written (its version starts at 1). */
const history = (classId: number) => ctx.db.selectFrom('classAttendance').select(['studentId', 'statusId', 'version'])
  .where('classId', '=', classId).orderBy('studentId').execute();

describe('All attended, pushed from the phone', () => {
  it('marks every line of the change attended once, and a replayed push applies nothing again', async () => {
    const { classId, studentIds } = await classOf(12);
    const clientId = randomUUID();
    const change = allAttended(1, classId, studentIds);

    const first = await push(ctx.app, teacher, clientId, [change]);
    expect(first.statusCode, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results[0]).toMatchObject({ status: 'applied' });
    expect((first.body.results[0]?.server as { lines: unknown[] }).lines).toHaveLength(12);
    expect((await lines(classId, studentIds)).every((l) => l.statusId === 2 && l.version === 2)).toBe(true);
    const afterFirst = await history(classId);

    // The answer was lost: the phone sends the same push again, twice.
    for (let i = 0; i < 2; i++) {
      const again = await push(ctx.app, teacher, clientId, [change]);
      expect(again.body.results[0]).toMatchObject({ status: 'duplicate', previous: 'applied' });
      expect(again.body.lastSeq).toBe(1);
    }
    expect(await history(classId)).toEqual(afterFirst);
    const records = await ctx.db.selectFrom('appliedMutations').select('mutationId').where('clientId', '=', clientId).execute();
    expect(records).toHaveLength(1);
  });

  it('leaves lines the change does not list untouched', async () => {
    const { classId, studentIds } = await classOf(3);
    const [marked, ...pending] = studentIds as [number, ...number[]];
    await ctx.db.updateTable('classAttendance').set({ statusId: 5 }).where('classId', '=', classId).where('studentId', '=', marked).execute();

    const res = await push(ctx.app, teacher, randomUUID(), [allAttended(1, classId, pending)]);
    expect(res.body.results[0]?.status).toBe('applied');
    expect((await line(ctx.db, classId, marked)).statusId).toBe(5);
    expect((await lines(classId, pending)).map((l) => l.statusId)).toEqual([2, 2]);
  });

  it("keeps a line someone else marked meanwhile, answers a conflict with it, and applies the other lines", async () => {
    const { classId, studentIds } = await classOf(3);
    const [s1, s2, s3] = studentIds as [number, number, number];
    const adminMarks = await ctx.app.inject({
      method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: { authorization: `Bearer ${admin.token}` },
      payload: [{ classId, studentId: s2, statusId: 5 }],
    });
    expect(adminMarks.statusCode).toBe(200);

    const res = await push(ctx.app, teacher, randomUUID(), [allAttended(1, classId, studentIds)]);
    const result = res.body.results[0];
    expect(result).toMatchObject({ status: 'conflict', message: ATTENDANCE_MESSAGES.conflict });
    expect((result?.server as { lines: unknown[] }).lines).toEqual(expect.arrayContaining([{ studentId: s2, statusId: 5, version: 2 }]));
    expect((await lines(classId, [s1, s2, s3])).map((l) => l.statusId)).toEqual([2, 5, 2]);
  });

  it('keeps an Absent line listed at its current version: a conflict with the line, applied once however often replayed', async () => {
    const { classId, studentIds } = await classOf(3);
    const [s1, s2, s3] = studentIds as [number, number, number];
    const adminMarks = await ctx.app.inject({
      method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: { authorization: `Bearer ${admin.token}` },
      payload: [{ classId, studentId: s2, statusId: 5 }],
    });
    expect(adminMarks.statusCode).toBe(200);
    const clientId = randomUUID();
    // The phone lists the absent line at the version it has now (2), as if it still showed it pending.
    const change = mutation(1, 'markAllAttended', { classId, lines: [{ studentId: s1, baseVersion: 1 }, { studentId: s2, baseVersion: 2 }, { studentId: s3, baseVersion: 1 }] }, 0);

    const res = await push(ctx.app, teacher, clientId, [change]);
    const result = res.body.results[0];
    expect(result).toMatchObject({ status: 'conflict', message: ATTENDANCE_MESSAGES.conflict });
    expect((result?.server as { lines: unknown[] }).lines).toEqual(expect.arrayContaining([{ studentId: s2, statusId: 5, version: 2 }]));
    expect((await lines(classId, [s1, s2, s3])).map((l) => [l.statusId, l.version])).toEqual([[2, 2], [5, 2], [2, 2]]);
    const afterFirst = await history(classId);

    for (let i = 0; i < 2; i++) {
      const again = await push(ctx.app, teacher, clientId, [change]);
      expect(again.body.results[0]).toMatchObject({ status: 'duplicate', previous: 'conflict' });
    }
    expect(await history(classId)).toEqual(afterFirst);
  });

  it("keeps a line this phone marked absent before its All attended listed it (its own history does not let it through)", async () => {
    const { classId, studentIds } = await classOf(2);
    const [s1, s2] = studentIds as [number, number];
    const res = await push(ctx.app, teacher, randomUUID(), [
      mutation(1, 'markAttendance', { classId, studentId: s2, statusId: 5 }, 1),
      allAttended(2, classId, studentIds),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'conflict']);
    expect((res.body.results[1]?.server as { lines: unknown[] }).lines).toEqual(expect.arrayContaining([{ studentId: s2, statusId: 5, version: 2 }]));
    expect((await lines(classId, [s1, s2])).map((l) => l.statusId)).toEqual([2, 5]);
  });

  it('applies a line already attended, leaving its version', async () => {
    const { classId, studentIds } = await classOf(2);
    const [s1, s2] = studentIds as [number, number];
    await push(ctx.app, teacher, randomUUID(), [mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1)]);

    const res = await push(ctx.app, teacher, randomUUID(), [allAttended(1, classId, studentIds)]);
    expect(res.body.results[0]?.status).toBe('applied');
    expect((await lines(classId, [s1, s2])).map((l) => [l.statusId, l.version])).toEqual([[2, 2], [2, 2]]);
  });

  it("lets the phone's later mark of a line rebase on its own All attended (no false conflict)", async () => {
    const { classId, studentIds } = await classOf(3);
    const clientId = randomUUID();
    // Offline: All attended, then one student flipped to absent, both made on the lines' version 1.
    const res = await push(ctx.app, teacher, clientId, [
      allAttended(1, classId, studentIds),
      mutation(2, 'markAttendance', { classId, studentId: studentIds[1], statusId: 5 }, 1),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await lines(classId, studentIds)).map((l) => l.statusId)).toEqual([2, 5, 2]);
  });

  it('is refused whole for a class that has not started, changing nothing', async () => {
    const { classId, studentIds } = await classOf(2, 48);
    const res = await push(ctx.app, teacher, randomUUID(), [allAttended(1, classId, studentIds)]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', message: ATTENDANCE_MESSAGES.notStarted });
    expect((await lines(classId, studentIds)).map((l) => l.statusId)).toEqual([1, 1]);
  });

  it("is refused for another teacher's class and for a list naming a student twice", async () => {
    const other = await newTeacher(ctx.app, ctx.db);
    const { classId, studentIds } = await classOf(2);
    const clientId = randomUUID();
    const res = await push(ctx.app, other, clientId, [
      allAttended(1, classId, studentIds),
      mutation(2, 'markAllAttended', { classId, lines: [{ studentId: studentIds[0], baseVersion: 1 }, { studentId: studentIds[0], baseVersion: 1 }] }, 0),
    ]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', message: ATTENDANCE_MESSAGES.classNotFound });
    expect(res.body.results[1]).toMatchObject({ status: 'rejected' });
    expect(res.body.results[1]?.message).toContain('lists a student twice');
    expect((await lines(classId, studentIds)).map((l) => l.statusId)).toEqual([1, 1]);
  });
});
