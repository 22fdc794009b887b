import { randomUUID } from 'node:crypto';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDate, londonTime } from '../../src/lib/london-time.js';
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

const DAY = 24;

async function course(o: { starts: Date[]; students: number }) {
  const courseId = await newCourse(ctx.db);
  const classIds = await newClasses(ctx.db, { courseId, teacher, starts: o.starts });
  const studentIds: number[] = [];
  for (let i = 0; i < o.students; i++) studentIds.push((await createStudent(ctx.db)).studentId);
  await enrol(ctx.db, courseId, studentIds);
  return { courseId, classIds, studentIds };
}

/** The admin marks through the online API (the same service the push uses). */
async function adminMarks(classId: number, studentId: number, statusId: number) {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: { authorization: `Bearer ${admin.token}` },
    payload: [{ classId, studentId, statusId }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function adminMoves(classId: number, at: Date) {
  const classDate = `${londonDate(at).split('-').reverse().join('/')} ${londonTime(at)}`;
  const res = await ctx.app.inject({
    method: 'GET', url: `/api/classes/UpdateClassDate?classId=${classId}&classDate=${encodeURIComponent(classDate)}&classLength=60`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** 'd/m/yyyy HH:mm' in London time, as the phone's pickers send it. */
function dmyTime(at: Date): string {
  const [y, m, d] = londonDate(at).split('-');
  return `${Number(d)}/${Number(m)}/${y} ${londonTime(at)}`;
}

async function startsAt(classId: number) {
  const row = await ctx.db.selectFrom('classes').select(['startsAt', 'scheduleVersion', 'version']).where('classId', '=', classId).executeTakeFirstOrThrow();
  return row;
}

describe('attendance conflicts', () => {
  it('keeps the admin\'s mark, answers the teacher one conflict with it, and applies the teacher\'s other marks', async () => {
    const { classIds: [classId], studentIds: [s1, s2, s3] } = await course({ starts: [hoursFromNow(-DAY)], students: 3 });
    // The teacher's phone saw every line at version 1, then went offline; meanwhile the admin marks s1 absent.
    await adminMarks(classId!, s1!, 5);
    const clientId = randomUUID();
    const res = await push(ctx.app, teacher, clientId, [
      mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1),
      mutation(2, 'markAttendance', { classId, studentId: s2, statusId: 2 }, 1),
      mutation(3, 'markAttendance', { classId, studentId: s3, statusId: 5 }, 1),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['conflict', 'applied', 'applied']);
    expect(res.body.results[0]).toMatchObject({ message: ATTENDANCE_MESSAGES.conflict, server: { statusId: 5, version: 2 } });
    expect(await line(ctx.db, classId!, s1!)).toEqual({ statusId: 5, version: 2 });
    expect(await line(ctx.db, classId!, s2!)).toEqual({ statusId: 2, version: 2 });

    // The teacher chooses to re-apply theirs: a new change on the server's version.
    const again = await push(ctx.app, teacher, clientId, [mutation(4, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 2)]);
    expect(again.body.results[0]).toMatchObject({ status: 'applied', version: 3 });
    expect(await line(ctx.db, classId!, s1!)).toEqual({ statusId: 2, version: 3 });
  });

  it('answers applied without a change when someone else already set the same mark', async () => {
    const { classIds: [classId], studentIds: [s1] } = await course({ starts: [hoursFromNow(-DAY)], students: 1 });
    await adminMarks(classId!, s1!, 2);
    const res = await push(ctx.app, teacher, randomUUID(), [mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied', version: 2 });
    expect(await line(ctx.db, classId!, s1!)).toEqual({ statusId: 2, version: 2 });
  });

  it('sees no conflict when only another student\'s line of the class changed', async () => {
    const { classIds: [classId], studentIds: [s1, s2] } = await course({ starts: [hoursFromNow(-DAY)], students: 2 });
    await adminMarks(classId!, s2!, 5);
    const res = await push(ctx.app, teacher, randomUUID(), [mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied' });
  });

  it('applies a second offline mark of the same student made on top of the first', async () => {
    const { classIds: [classId], studentIds: [s1] } = await course({ starts: [hoursFromNow(-DAY)], students: 1 });
    const clientId = randomUUID();
    const res = await push(ctx.app, teacher, clientId, [
      mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1),
      mutation(2, 'markAttendance', { classId, studentId: s1, statusId: 5 }, 1),
      mutation(3, 'markAttendance', { classId, studentId: s1, statusId: 1 }, 1),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await line(ctx.db, classId!, s1!)).toEqual({ statusId: 1, version: 4 });
  });

  it('is a conflict when someone else changed the line between two of the device\'s own marks', async () => {
    const { classIds: [classId], studentIds: [s1] } = await course({ starts: [hoursFromNow(-DAY)], students: 1 });
    const clientId = randomUUID();
    await push(ctx.app, teacher, clientId, [mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1)]);
    await adminMarks(classId!, s1!, 5);
    const res = await push(ctx.app, teacher, clientId, [mutation(2, 'markAttendance', { classId, studentId: s1, statusId: 1 }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'conflict', server: { statusId: 5, version: 3 } });
  });
});

describe('rescheduling offline', () => {
  it('lets the last of three offline reschedules of one class win', async () => {
    const { classIds: [classId] } = await course({ starts: [hoursFromNow(3 * DAY)], students: 1 });
    const targets = [hoursFromNow(4 * DAY + 1), hoursFromNow(5 * DAY + 2), hoursFromNow(6 * DAY + 3)];
    const clientId = randomUUID();
    const res = await push(ctx.app, teacher, clientId, targets.map((at, i) =>
      mutation(i + 1, 'rescheduleClass', { classId, classDate: dmyTime(at), classLength: 60 }, 1)));
    expect(res.body.results.map((r) => [r.status, r.version])).toEqual([['applied', 2], ['applied', 3], ['applied', 4]]);
    expect((await startsAt(classId!)).startsAt.getTime()).toBe(targets[2]!.getTime());
  });

  it('is not made stale by marks on the class register', async () => {
    const { classIds: [classId], studentIds: [s1] } = await course({ starts: [hoursFromNow(-2)], students: 1 });
    const clientId = randomUUID();
    const res = await push(ctx.app, teacher, clientId, [
      mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 1 }, 1),
      mutation(2, 'rescheduleClass', { classId, classDate: dmyTime(hoursFromNow(-3)), classLength: 60 }, 1),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });

  it('keeps an admin\'s move and answers conflict with the class\'s current time', async () => {
    const { classIds: [classId] } = await course({ starts: [hoursFromNow(3 * DAY)], students: 1 });
    const adminsSlot = hoursFromNow(7 * DAY + 2);
    await adminMoves(classId!, adminsSlot);
    const res = await push(ctx.app, teacher, randomUUID(), [
      mutation(1, 'rescheduleClass', { classId, classDate: dmyTime(hoursFromNow(4 * DAY)), classLength: 60 }, 1),
    ]);
    expect(res.body.results[0]).toMatchObject({
      status: 'conflict',
      server: { startsAt: adminsSlot.toISOString(), time: londonTime(adminsSlot), classLength: 60, scheduleVersion: 2 },
    });
    expect((await startsAt(classId!)).startsAt.getTime()).toBe(adminsSlot.getTime());
  });

  it('answers applied when the admin already moved the class where the teacher wanted it', async () => {
    const { classIds: [classId] } = await course({ starts: [hoursFromNow(3 * DAY)], students: 1 });
    const slot = hoursFromNow(8 * DAY + 1);
    await adminMoves(classId!, slot);
    const res = await push(ctx.app, teacher, randomUUID(), [mutation(1, 'rescheduleClass', { classId, classDate: dmyTime(slot), classLength: 60 }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied', version: 2 });
  });

  it('refuses a double booking with the clashes, and applies it once the teacher confirms', async () => {
    const { classIds: [first, second] } = await course({ starts: [hoursFromNow(10 * DAY), hoursFromNow(11 * DAY)], students: 1 });
    const clientId = randomUUID();
    const onTop = dmyTime(hoursFromNow(10 * DAY));
    const res = await push(ctx.app, teacher, clientId, [mutation(1, 'rescheduleClass', { classId: second, classDate: onTop, classLength: 60 }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', message: CLASS_MESSAGES.clash });
    expect(res.body.results[0]?.server?.clashes).toEqual([expect.objectContaining({ classId: first, kind: 'teacher' })]);
    const confirmed = await push(ctx.app, teacher, clientId, [
      mutation(2, 'rescheduleClass', { classId: second, classDate: onTop, classLength: 60, allowClashes: true }, 1),
    ]);
    expect(confirmed.body.results[0]).toMatchObject({ status: 'applied', version: 2 });
  });

  it('refuses to move a marked class with the online API\'s message', async () => {
    const { classIds: [classId] } = await course({ starts: [hoursFromNow(-DAY)], students: 1 });
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', classId!).execute();
    const res = await push(ctx.app, teacher, randomUUID(), [mutation(1, 'moveClassToEnd', { classId }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', message: CLASS_MESSAGES.markedOrPaid });
  });

  it('refuses to lengthen a class past the minutes the course bought, with the online API\'s message', async () => {
    const courseId = await newCourse(ctx.db, { duration: 1 }); // one class of 60 minutes bought
    const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(3 * DAY)] });
    const res = await push(ctx.app, teacher, randomUUID(), [
      mutation(1, 'rescheduleClass', { classId, classDate: dmyTime(hoursFromNow(3 * DAY)), classLength: 90 }, 1),
    ]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', message: CLASS_MESSAGES.notEnoughMinutes });
  });

  it('refuses a mark on a paid class with the online API\'s message', async () => {
    const { classIds: [classId], studentIds: [s1] } = await course({ starts: [hoursFromNow(-DAY)], students: 1 });
    const { paymentHeaderId } = await ctx.db.insertInto('paymentHeaders')
      .values({ title: 'November', month: 11, year: 2026, periodEndDate: '2026-11-30', amountTotalPence: 2500 })
      .returning('paymentHeaderId').executeTakeFirstOrThrow();
    await ctx.db.updateTable('classes').set({ statusId: 6, paymentHeaderId }).where('classId', '=', classId!).execute();
    const res = await push(ctx.app, teacher, randomUUID(), [mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 5 }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'rejected', message: ATTENDANCE_MESSAGES.paid });
    expect(await line(ctx.db, classId!, s1!)).toEqual({ statusId: 1, version: 1 });
  });

  it('moves a class after the last of its series', async () => {
    const starts = [hoursFromNow(2 * DAY), hoursFromNow(9 * DAY), hoursFromNow(16 * DAY)];
    const { classIds: [classId] } = await course({ starts, students: 1 });
    const res = await push(ctx.app, teacher, randomUUID(), [mutation(1, 'moveClassToEnd', { classId }, 1)]);
    expect(res.body.results[0]).toMatchObject({ status: 'applied', version: 2 });
    expect((await startsAt(classId!)).startsAt.getTime()).toBeGreaterThan(starts[2]!.getTime());
  });

  it('records the row each applied change moved and its versions before and after', async () => {
    // Two students, one marked: the class is not yet Marked, so it can still be moved.
    const { classIds: [classId], studentIds: [s1] } = await course({ starts: [hoursFromNow(-DAY)], students: 2 });
    const clientId = randomUUID();
    await push(ctx.app, teacher, clientId, [
      mutation(1, 'markAttendance', { classId, studentId: s1, statusId: 2 }, 1),
      mutation(2, 'rescheduleClass', { classId, classDate: dmyTime(hoursFromNow(-DAY - 2)), classLength: 60 }, 1),
    ]);
    const rows = await ctx.db.selectFrom('appliedMutations').select(['seq', 'target', 'versionBefore', 'versionAfter', 'outcome'])
      .where('clientId', '=', clientId).orderBy('seq').execute();
    expect(rows).toEqual([
      { seq: 1, target: `attendance:${classId}:${s1}`, versionBefore: 1, versionAfter: 2, outcome: 'applied' },
      { seq: 2, target: `class:${classId}`, versionBefore: 1, versionAfter: 2, outcome: 'applied' },
    ]);
  });
});
