import 'fake-indexeddb/auto';
import { AttendanceStatus, ClassStatus } from '@rollbook/shared-types/statuses';
import type { MarkAttendanceArgs } from '@rollbook/shared-types/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classById, classesInRange } from './class-views';
import { RollbookDb } from './db';
import { queueClearAttendance, queueMarkAttendance, type ChangeContext } from './local-changes';
import { freshDbName, makeClass, makeLine, manualClock } from './testing/fixtures';

// The status a class shows while its marks wait on the phone: the after-marking rule of
// shared-types (class-status-rules), the one the server applies when the marks arrive.

const opened: RollbookDb[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  opened.splice(0).forEach((db) => db.close());
});

async function phoneWith(cls: { startsAt: string; seriesStatusId: number }) {
  const db = new RollbookDb(freshDbName());
  opened.push(db);
  await db.classes.put(makeClass({ classId: 10, classLength: 60, ...cls }));
  await db.attendance.bulkPut([makeLine(10, 1), makeLine(10, 2)]);
  const ctx: ChangeContext = { db, userId: 7, now: manualClock().now };
  const mark = (studentId: number, statusId: MarkAttendanceArgs['statusId']) => queueMarkAttendance(ctx, { classId: 10, studentId, statusId });
  const shown = async () => (await classById(db, 10))?.seriesStatusId;
  return { ctx, mark, shown };
}

describe('a class marked on the phone', () => {
  it('shows Marked once everyone is marked, and Requires marking again when a mark is cleared', async () => {
    const { ctx, mark, shown } = await phoneWith({ startsAt: '2026-11-20T10:00:00Z', seriesStatusId: ClassStatus.RequiresMarking });
    await mark(1, AttendanceStatus.Attended);
    expect(await shown()).toBe(ClassStatus.RequiresMarking);
    await mark(2, AttendanceStatus.Absent);
    expect(await shown()).toBe(ClassStatus.Marked);
    await queueClearAttendance(ctx, { classId: 10, studentId: 2 });
    expect(await shown()).toBe(ClassStatus.RequiresMarking);
  });

  it('shows Marked when everyone is marked while the class is under way, as the server will', async () => {
    const { mark, shown } = await phoneWith({ startsAt: '2026-11-23T11:30:00Z', seriesStatusId: ClassStatus.Scheduled });
    await mark(1, AttendanceStatus.Attended);
    expect(await shown()).toBe(ClassStatus.Scheduled);
    await mark(2, AttendanceStatus.Attended);
    expect(await shown()).toBe(ClassStatus.Marked);
  });

  it('keeps a class the server showed as Requires marking ended, even when the phone\'s clock is a year behind', async () => {
    vi.setSystemTime(new Date('2025-11-23T12:00:00Z'));
    const { mark, shown } = await phoneWith({ startsAt: '2026-11-20T10:00:00Z', seriesStatusId: ClassStatus.RequiresMarking });
    await mark(1, AttendanceStatus.Attended);
    expect(await shown()).toBe(ClassStatus.RequiresMarking);
  });

  it('keeps a Paid class Paid', async () => {
    const { mark, shown } = await phoneWith({ startsAt: '2026-11-20T10:00:00Z', seriesStatusId: ClassStatus.Paid });
    await mark(1, AttendanceStatus.Attended);
    await mark(2, AttendanceStatus.Attended);
    expect(await shown()).toBe(ClassStatus.Paid);
  });

  it('in a week\'s list, shows each marked class the status of its own register', async () => {
    const { ctx, mark } = await phoneWith({ startsAt: '2026-11-20T10:00:00Z', seriesStatusId: ClassStatus.RequiresMarking });
    await ctx.db.classes.bulkPut([
      makeClass({ classId: 11, classLength: 60, startsAt: '2026-11-20T12:00:00Z', seriesStatusId: ClassStatus.RequiresMarking }),
      makeClass({ classId: 12, classLength: 60, startsAt: '2026-11-20T14:00:00Z', seriesStatusId: ClassStatus.RequiresMarking }),
    ]);
    await ctx.db.attendance.bulkPut([makeLine(11, 1), makeLine(11, 2, AttendanceStatus.Absent), makeLine(12, 1)]);
    await mark(1, AttendanceStatus.Attended);
    await queueMarkAttendance(ctx, { classId: 11, studentId: 1, statusId: AttendanceStatus.Attended });
    const week = await classesInRange(ctx.db, '2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z');
    expect(week.map((cls) => [cls.classId, cls.seriesStatusId, cls.pending])).toEqual([
      [10, ClassStatus.RequiresMarking, true],
      [11, ClassStatus.Marked, true],
      [12, ClassStatus.RequiresMarking, false],
    ]);
  });
});
