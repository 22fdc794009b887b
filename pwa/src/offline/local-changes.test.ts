import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { RollbookDb } from './db';
import { NOT_ON_DEVICE_MESSAGE, OfflineChangeError, queueMarkAttendance, queueMoveClassToEnd, queueRescheduleClass, type ChangeContext } from './local-changes';
import { freshDbName, makeClass, makeLine, manualClock } from './testing/fixtures';

const opened: RollbookDb[] = [];
function open(name: string): RollbookDb {
  const db = new RollbookDb(name);
  opened.push(db);
  return db;
}
afterEach(() => opened.splice(0).forEach((db) => db.close()));

async function seeded(name = freshDbName()) {
  const db = open(name);
  await db.classes.put(makeClass({ classId: 10, scheduleVersion: 4 }));
  await db.attendance.bulkPut([makeLine(10, 1, 1, 3), makeLine(10, 2, 1, 8)]);
  const ctx: ChangeContext = { db, userId: 7, now: manualClock().now };
  return { db, ctx, name };
}

describe('queuing a change on the phone', () => {
  it('writes the optimistic mark and its outbox row together', async () => {
    const { db, ctx } = await seeded();
    const row = await queueMarkAttendance(ctx, { classId: 10, studentId: 1, statusId: 2 });

    expect(await db.attendance.get([10, 1])).toMatchObject({ statusId: 2, version: 3, serverCopy: { statusId: 1, version: 3 } });
    expect(await db.outbox.toArray()).toEqual([row]);
    expect(row).toMatchObject({
      seq: 1, name: 'markAttendance', args: { classId: 10, studentId: 1, statusId: 2 }, baseVersion: 3, status: 'pending',
      attempts: 0, lastError: null, userId: 7, target: 'a:10:1', classId: 10, madeAt: '2026-11-23T12:00:00.000Z',
    });
    expect(row.mutationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(['outbox', 'attendance'] as const)('keeps neither the mark, the outbox row nor the seq when the %s write fails', async (failing) => {
    const { db, ctx } = await seeded();
    const fail = () => {
      throw new Error('QuotaExceededError');
    };
    db[failing].hook('creating', fail);
    db[failing].hook('updating', fail);
    await expect(queueMarkAttendance(ctx, { classId: 10, studentId: 1, statusId: 2 })).rejects.toThrow('QuotaExceededError');
    expect(await db.attendance.get([10, 1])).toEqual(makeLine(10, 1, 1, 3));
    expect(await db.meta.get('nextSeq')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('allocates seq strictly increasing across reloads of the app', async () => {
    const { ctx, name } = await seeded();
    const seqs = [(await queueMarkAttendance(ctx, { classId: 10, studentId: 1, statusId: 2 })).seq];
    ctx.db.close();
    const reopened = open(name);
    seqs.push((await queueMarkAttendance({ ...ctx, db: reopened }, { classId: 10, studentId: 1, statusId: 5 })).seq);
    await reopened.outbox.clear(); // even after every change was answered and removed
    reopened.close();
    const again = open(name);
    seqs.push((await queueMarkAttendance({ ...ctx, db: again }, { classId: 10, studentId: 2, statusId: 2 })).seq);
    expect(seqs).toEqual([1, 2, 3]);
  });

  it('bases a second change of the same line on the server version, not on the first change', async () => {
    const { db, ctx } = await seeded();
    await queueMarkAttendance(ctx, { classId: 10, studentId: 1, statusId: 2 });
    const second = await queueMarkAttendance(ctx, { classId: 10, studentId: 1, statusId: 5 });
    expect(second.baseVersion).toBe(3);
    expect(await db.attendance.get([10, 1])).toMatchObject({ statusId: 5, serverCopy: { statusId: 1 } });
  });

  it('shows a rescheduled class at its new London time at once', async () => {
    const { db, ctx } = await seeded();
    const row = await queueRescheduleClass(ctx, { classId: 10, classDate: '3/7/2026 09:05', classLength: 90 });
    expect(row.baseVersion).toBe(4);
    expect(await db.classes.get(10)).toMatchObject({
      startsAt: '2026-07-03T08:05:00.000Z', endsAt: '2026-07-03T09:35:00.000Z', classLength: 90, classDateString: '03/07/2026',
      classDateMobile: '03-Jul-2026', weekday: 'Friday', dayWeekId: 5, time: '09:05', classEndTime: '10:35',
      classDatesCombined: '09:05 - 10:35', scheduleVersion: 4,
    });
  });

  it.each([
    ['31/2/2026 09:00', 'Please enter the class date as d/m/yyyy HH:mm'],
    ['3/7/2026 09:03', 'Please choose a time in steps of 5 minutes'],
  ])('refuses the reschedule %s before queuing it', async (classDate, message) => {
    const { db, ctx } = await seeded();
    await expect(queueRescheduleClass(ctx, { classId: 10, classDate, classLength: 60 })).rejects.toThrow(message);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a change of a class that is not on this device', async () => {
    const { db, ctx } = await seeded();
    await expect(queueMarkAttendance(ctx, { classId: 99, studentId: 1, statusId: 2 })).rejects.toThrow(new OfflineChangeError(NOT_ON_DEVICE_MESSAGE));
    await expect(queueMarkAttendance(ctx, { classId: 10, studentId: 1, statusId: 3 as 2 })).rejects.toBeInstanceOf(OfflineChangeError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('nextSeq')).toBeUndefined();
  });

  it('queues a move to the end without guessing its date', async () => {
    const { db, ctx } = await seeded();
    const before = await db.classes.get(10);
    const row = await queueMoveClassToEnd(ctx, { classId: 10 });
    expect(row).toMatchObject({ name: 'moveClassToEnd', baseVersion: 4, target: 'c:10' });
    expect((await db.classes.get(10))?.startsAt).toBe(before?.startsAt);
  });
});
