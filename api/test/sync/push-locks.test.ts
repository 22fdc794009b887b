import { randomUUID } from 'node:crypto';
import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pushMutations } from '../../src/modules/sync/push.service.js';
import { backendsWaitingForLock } from '../faults/fault-fixtures.js';
import { waitFor } from '../faults/server-process.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, line, mutation, newClasses, newCourse, newTeacher, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// A push runs in one transaction when nothing stands in its way. These are the cases where
// something does: a row another transaction holds, a change refused by a throw in the middle of
// the batch, and two installations taking the same rows in opposite orders.

const ctx = useTestApp();
let teacher: Person & { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  teacher = await newTeacher(ctx.app, ctx.db);
});

/** Started classes of one course with the same students on each register: the lines, class by class. */
async function registerLines(classes: number, students: number) {
  const courseId = await newCourse(ctx.db);
  const classIds = await newClasses(ctx.db, { courseId, teacher, starts: Array.from({ length: classes }, (_, i) => hoursFromNow(-24 * (i + 1))) });
  const studentIds: number[] = [];
  for (let i = 0; i < students; i++) studentIds.push((await createStudent(ctx.db)).studentId);
  await enrol(ctx.db, courseId, studentIds);
  return classIds.flatMap((classId) => studentIds.map((studentId) => ({ classId, studentId })));
}

const marks = (lines: { classId: number; studentId: number }[], statusId: 2 | 5) =>
  lines.map((l, i) => mutation(i + 1, 'markAttendance', { ...l, statusId }, 1));

async function recordedSeqs(clientId: string) {
  const rows = await ctx.db.selectFrom('appliedMutations').select('seq').where('clientId', '=', clientId).orderBy('seq').execute();
  return rows.map((r) => r.seq);
}

/** Pushes the batch while another transaction holds one row: what was recorded once the push waited, and its answer after the row is let go. */
async function pushPastHeldRow(lockSql: string, params: number[], clientId: string, batch: ReturnType<typeof marks>) {
  const locker = new pg.Client({ connectionString: ctx.testDb.url! });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query(lockSql, params);
    const pushing = pushMutations(ctx.db, teacher.principal, { clientId, mutations: batch });
    pushing.catch(() => undefined);
    await waitFor('the push to wait for the held row', async () => ((await backendsWaitingForLock(ctx.db)).length > 0 ? true : undefined), 30_000, 5);
    const recordedWhileWaiting = await recordedSeqs(clientId);
    await locker.query('rollback');
    return { recordedWhileWaiting, answer: await pushing };
  } finally {
    await locker.end();
  }
}

describe.runIf(inject('postgres') !== null)('a push that meets a row another transaction holds', () => {
  it('commits the marks before that line before it waits for it, then applies the rest once', async () => {
    const lines = await registerLines(10, 5);
    const batch = marks(lines, 2);
    const clientId = randomUUID();
    const stuck = lines[24]!;
    const { recordedWhileWaiting, answer: res } = await pushPastHeldRow(
      'select 1 from class_attendance where class_id = $1 and student_id = $2 for update', [stuck.classId, stuck.studentId], clientId, batch);
    // The 24 marks before the held line are committed before the push waits for anything.
    expect(recordedWhileWaiting).toHaveLength(24);
    expect(res.results.map((r) => r.status)).toEqual(Array(50).fill('applied'));
    expect(res.lastSeq).toBe(50);
    expect(await recordedSeqs(clientId)).toEqual(batch.map((m) => m.seq));
    for (const l of lines) expect(await line(ctx.db, l.classId, l.studentId)).toEqual({ statusId: 2, version: 2 });
  });

  it('commits the marks of the classes before a class row held elsewhere, then applies that class and the rest once', async () => {
    const lines = await registerLines(10, 5);
    const batch = marks(lines, 5);
    const clientId = randomUUID();
    const heldClass = lines[20]!.classId;
    const { recordedWhileWaiting, answer: res } = await pushPastHeldRow('select 1 from classes where class_id = $1 for update', [heldClass], clientId, batch);
    expect(recordedWhileWaiting).toHaveLength(20);
    expect(res.results.map((r) => r.status)).toEqual(Array(50).fill('applied'));
    expect(await recordedSeqs(clientId)).toEqual(batch.map((m) => m.seq));
    const statuses = await ctx.db.selectFrom('classes').select('statusId').where('classId', 'in', [...new Set(lines.map((l) => l.classId))]).execute();
    expect(statuses.map((c) => c.statusId)).toEqual(Array(10).fill(3));
  });

  it('takes no line of a class held elsewhere while it waits for that class, so the holder can mark them and no deadlock follows', async () => {
    // The office (or another phone) has locked a class and is about to lock its register lines, as
    // markAttendance does. The push's first change is on that class: it waits for the class, and
    // must not sit on the class's lines meanwhile (the holder would wait for the push, the push for
    // the holder: a deadlock PostgreSQL breaks after a second by killing one of them).
    const lines = await registerLines(2, 5);
    const batch = marks(lines, 2);
    const clientId = randomUUID();
    const heldClass = lines[0]!.classId;
    const holder = new pg.Client({ connectionString: ctx.testDb.url! });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from classes where class_id = $1 for update', [heldClass]);
      const pushing = pushMutations(ctx.db, teacher.principal, { clientId, mutations: batch });
      pushing.catch(() => undefined);
      await waitFor('the push to wait for the held class', async () => ((await backendsWaitingForLock(ctx.db)).length > 0 ? true : undefined), 30_000, 5);
      // Shorter than deadlock_timeout (1 s): a line held by the push fails here, not in a deadlock report.
      await holder.query("set local lock_timeout = '500ms'");
      const { rowCount } = await holder.query('select 1 from class_attendance where class_id = $1 for update', [heldClass]);
      expect(rowCount).toBe(5);
      await holder.query('commit');
      const res = await pushing;
      expect(res.results.map((r) => r.status)).toEqual(Array(10).fill('applied'));
      expect(await recordedSeqs(clientId)).toEqual(batch.map((m) => m.seq));
      for (const l of lines) expect(await line(ctx.db, l.classId, l.studentId)).toEqual({ statusId: 2, version: 2 });
    } finally {
      await holder.end();
    }
  });
});

describe('a push with a refusal or a race in it', () => {
  it('keeps the changes before and after a change refused by a throw, and records all three', async () => {
    const [first, second, third, fourth] = await registerLines(2, 2);
    // The second class is marked: moving it is refused by the reschedule service with a throw.
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', third!.classId).execute();
    const clientId = randomUUID();
    const res = await pushMutations(ctx.db, teacher.principal, {
      clientId,
      mutations: [
        mutation(1, 'markAttendance', { ...first, statusId: 2 }, 1),
        mutation(2, 'markAttendance', { ...second, statusId: 5 }, 1),
        mutation(3, 'moveClassToEnd', { classId: third!.classId }, 1),
        mutation(4, 'markAttendance', { ...fourth, statusId: 2 }, 1),
      ],
    });
    expect(res.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected', 'applied']);
    expect(res.results[2]?.message).toBe(CLASS_MESSAGES.markedOrPaid);
    expect(res.lastSeq).toBe(4);
    expect(await line(ctx.db, first!.classId, first!.studentId)).toEqual({ statusId: 2, version: 2 });
    expect(await line(ctx.db, fourth!.classId, fourth!.studentId)).toEqual({ statusId: 2, version: 2 });
    expect(await recordedSeqs(clientId)).toEqual([1, 2, 3, 4]);
  });

  it('lets two installations mark the same lines in opposite orders at once: each line applied by one, a conflict for the other', async () => {
    for (let round = 0; round < 3; round++) {
      const lines = await registerLines(2, 4);
      const [a, b] = [randomUUID(), randomUUID()];
      const [fromA, fromB] = await Promise.all([
        pushMutations(ctx.db, teacher.principal, { clientId: a, mutations: marks(lines, 2) }),
        pushMutations(ctx.db, teacher.principal, { clientId: b, mutations: marks([...lines].reverse(), 5) }),
      ]);
      expect([fromA.lastSeq, fromB.lastSeq]).toEqual([8, 8]);
      for (const [i, l] of lines.entries()) {
        const answers = [fromA.results[i]!.status, fromB.results[lines.length - 1 - i]!.status];
        expect([...answers].sort()).toEqual(['applied', 'conflict']);
        expect(await line(ctx.db, l.classId, l.studentId)).toEqual({ statusId: answers[0] === 'applied' ? 2 : 5, version: 2 });
      }
      expect(await recordedSeqs(a)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(await recordedSeqs(b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });
});
