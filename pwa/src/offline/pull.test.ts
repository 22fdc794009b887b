import 'fake-indexeddb/auto';
import type { PullResponse } from '@rollbook/shared-types/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { RollbookDb } from './db';
import { queueMarkAttendance, queueRescheduleClass } from './local-changes';
import { readMeta } from './meta';
import { applyPullResponse, pullOnce } from './pull';
import { createSyncHttp } from './sync-http';
import { FakeNetwork } from './testing/fake-network';
import { makeClass, makeCourse, makeEnrolment, makeLine, makeStudent, manualClock, openTestDb } from './testing/fixtures';

const opened: RollbookDb[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));
const db = () => {
  const created = openTestDb();
  opened.push(created);
  return created;
};

function answer(overrides: Partial<PullResponse> = {}): PullResponse {
  return {
    cursor: 'c1', reset: false, serverTime: '2026-11-23T12:34:00.000Z', window: { from: '2026-10-26', to: '2027-01-18' },
    classes: [], attendance: [], courses: [], enrolments: [], students: [],
    removed: { classIds: [], attendance: [], courseIds: [], enrolments: [], studentIds: [] },
    ...overrides,
  };
}

const ctxOf = (local: RollbookDb) => ({ db: local, userId: 7, now: manualClock().now });

describe('pulling the window', () => {
  it('stores a first full answer with its cursor, server time and window', async () => {
    const network = new FakeNetwork();
    network.server.addClass(makeClass({ classId: 10 }));
    network.server.addLine(makeLine(10, 1));
    network.server.students.set(1, makeStudent(1, 'Ann', 'Able'));
    const local = db();
    const outcome = await pullOnce({ db: local, http: createSyncHttp({ fetch: network.fetch, now: Date.now }), token: 'token-7' });

    expect(outcome.kind).toBe('ok');
    expect(await local.classes.count()).toBe(1);
    expect(await local.attendance.get([10, 1])).toEqual(makeLine(10, 1));
    expect(await local.students.get(1)).toMatchObject({ firstName: 'Ann' });
    expect(await readMeta(local, 'cursor')).toBe('2');
    expect(await readMeta(local, 'window')).toEqual({ from: '2026-10-26', to: '2027-01-18' });
    expect(await readMeta(local, 'lastPulledAt')).toMatch(/^2026-11-23T12:00/);
  });

  it('asks only for what changed since its cursor', async () => {
    const network = new FakeNetwork();
    network.server.addClass(makeClass({ classId: 10 }));
    const local = db();
    const http = createSyncHttp({ fetch: network.fetch, now: Date.now });
    await pullOnce({ db: local, http, token: 'token-7' });
    network.server.addLine(makeLine(10, 2, 5));
    const second = await pullOnce({ db: local, http, token: 'token-7' });
    expect(second.kind === 'ok' && { classes: second.data.classes.length, attendance: second.data.attendance.length, reset: second.data.reset })
      .toEqual({ classes: 0, attendance: 1, reset: false });
  });

  it('upserts changed rows and drops removed ones, a class with its register and a course with its places', async () => {
    const local = db();
    await applyPullResponse(local, answer({
      reset: true,
      classes: [makeClass({ classId: 10 }), makeClass({ classId: 11 })],
      attendance: [makeLine(10, 1), makeLine(11, 1), makeLine(11, 2)],
      courses: [makeCourse(1, 'English'), makeCourse(2, 'French')],
      enrolments: [makeEnrolment(1, 1), makeEnrolment(2, 1), makeEnrolment(2, 2)],
      students: [makeStudent(1, 'Ann', 'Able'), makeStudent(2, 'Bob', 'Baker')],
    }));
    await applyPullResponse(local, answer({
      cursor: 'c2',
      classes: [makeClass({ classId: 10, version: 2, course: 'Renamed' })],
      attendance: [makeLine(10, 1, 2, 2)],
      removed: { classIds: [11], attendance: [], courseIds: [2], enrolments: [], studentIds: [2] },
    }));

    expect((await local.classes.toArray()).map((c) => [c.classId, c.course])).toEqual([[10, 'Renamed']]);
    expect(await local.attendance.toArray()).toEqual([makeLine(10, 1, 2, 2)]);
    expect(await local.courses.toArray()).toEqual([makeCourse(1, 'English')]);
    expect(await local.enrolments.toArray()).toEqual([makeEnrolment(1, 1)]);
    expect((await local.students.toArray()).map((s) => s.studentId)).toEqual([1]);
    expect(await readMeta(local, 'cursor')).toBe('c2');
  });

  it('replaces everything cached when the server answers a reset', async () => {
    const local = db();
    await applyPullResponse(local, answer({ classes: [makeClass({ classId: 10 })], students: [makeStudent(1, 'Ann', 'Able')] }));
    await applyPullResponse(local, answer({ reset: true, classes: [makeClass({ classId: 12 })] }));
    expect((await local.classes.toArray()).map((c) => c.classId)).toEqual([12]);
    expect(await local.students.count()).toBe(0);
  });

  it('never overwrites a mark waiting to be sent with the server value: it stays on top', async () => {
    const local = db();
    await applyPullResponse(local, answer({ classes: [makeClass({ classId: 10 })], attendance: [makeLine(10, 1, 1, 3)] }));
    await queueMarkAttendance(ctxOf(local), { classId: 10, studentId: 1, statusId: 2 });

    // Someone else's change of the same line arrives before ours is sent.
    await applyPullResponse(local, answer({ attendance: [makeLine(10, 1, 5, 4)] }));
    expect(await local.attendance.get([10, 1])).toEqual({ ...makeLine(10, 1, 2, 4), serverCopy: makeLine(10, 1, 5, 4) });

    // Even a full reset keeps it.
    await applyPullResponse(local, answer({ reset: true, classes: [makeClass({ classId: 10 })], attendance: [makeLine(10, 1, 5, 4)] }));
    expect((await local.attendance.get([10, 1]))?.statusId).toBe(2);
  });

  it('keeps a queued reschedule on top of a newer copy of the class', async () => {
    const local = db();
    await applyPullResponse(local, answer({ classes: [makeClass({ classId: 10 })] }));
    await queueRescheduleClass(ctxOf(local), { classId: 10, classDate: '24/11/2026 15:00', classLength: 45 });
    await applyPullResponse(local, answer({ classes: [makeClass({ classId: 10, version: 2, seriesStatusId: 3 })] }));
    expect(await local.classes.get(10)).toMatchObject({ startsAt: '2026-11-24T15:00:00.000Z', classLength: 45, seriesStatusId: 3, serverCopy: { version: 2 } });
  });

  it('ignores a row older than the one it holds (an answer overtaken by a newer one)', async () => {
    const local = db();
    await applyPullResponse(local, answer({ attendance: [makeLine(10, 1, 2, 5)] }));
    await applyPullResponse(local, answer({ attendance: [makeLine(10, 1, 1, 4)] }));
    expect(await local.attendance.get([10, 1])).toEqual(makeLine(10, 1, 2, 5));
  });

  it('stores a first window larger than one batch of writes whole, or nothing of it if a row fails', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => 1000 + i);
    const local = db();
    await applyPullResponse(local, answer({ reset: true, classes: ids.map((classId) => makeClass({ classId })), attendance: ids.map((classId) => makeLine(classId, 1)) }));
    expect([await local.classes.count(), await local.attendance.count()]).toEqual([250, 250]);

    const fresh = db();
    // A register line without a class id cannot be stored: the whole answer is refused.
    const broken = { ...makeLine(1249, 1), classId: undefined as unknown as number };
    const failing = applyPullResponse(fresh, answer({ reset: true, classes: ids.map((classId) => makeClass({ classId })), attendance: [...ids.slice(0, -1).map((classId) => makeLine(classId, 1)), broken] }));
    await expect(failing).rejects.toThrow();
    expect([await fresh.classes.count(), await fresh.attendance.count(), await readMeta(fresh, 'cursor')]).toEqual([0, 0, undefined]);
  });

  it('normalises start times so the range index compares them', async () => {
    const local = db();
    await applyPullResponse(local, answer({ classes: [makeClass({ classId: 10, startsAt: '2026-11-23T10:00:00Z', endsAt: '2026-11-23T11:00:00+00:00' })] }));
    expect(await local.classes.get(10)).toMatchObject({ startsAt: '2026-11-23T10:00:00.000Z', endsAt: '2026-11-23T11:00:00.000Z' });
  });
});
