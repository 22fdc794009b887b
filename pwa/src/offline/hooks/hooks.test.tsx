import 'fake-indexeddb/auto';
import type { SignedInUser } from '@rollbook/shared-types/auth';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore, type SessionStore } from '../../lib/session';
import { userDbName } from '../db';
import { clearAttendance, markAttendance, moveClassToEnd, rescheduleClass, resolveIssue } from '../offline-actions';
import { memoryLock } from '../sender-lock';
import { activeSync, startSync, stopSync } from '../sync-session';
import type { FakeNetwork } from '../testing/fake-network';
import { seededNetwork } from '../testing/engine-harness';
import { idleTimers, makeClass, makeCourse, makeEnrolment, makeStudent } from '../testing/fixtures';
import { useClass, useClassesInRange, useCourseClasses } from './use-classes';
import { useCourses, useCourseStudents, useRegister, useStudents } from './use-people';
import { useSyncIssues } from './use-sync-issues';
import { useSyncState } from './use-sync-state';

const teacher: SignedInUser = {
  token: 'token-7', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), userId: 7, firstName: 'Tom', lastName: 'Teacher',
  username: 'teacher', avatarImage: null, entityId: 7, roles: [{ name: 'Teacher', entityId: 7 }],
};

let network: FakeNetwork;
let store: SessionStore;

beforeEach(async () => {
  localStorage.clear();
  store = createSessionStore(localStorage);
  store.set(teacher);
  network = seededNetwork(2);
  network.server.addClass(makeClass({ classId: 12, courseId: 2, startsAt: '2026-11-30T09:00:00.000Z' }));
  network.server.students.set(1, makeStudent(1, 'Zoe', 'Adams', 'Acme'));
  network.server.students.set(2, makeStudent(2, 'Ann', 'Brown'));
  const engine = startSync(teacher, {
    sessionStore: store, fetch: network.fetch, lock: memoryLock(), isOnline: () => !network.offline, timers: idleTimers, triggers: null,
  });
  await engine.pullNow();
  const db = activeSync()?.db;
  await db?.courses.bulkPut([makeCourse(2, 'Business French'), makeCourse(1, 'General English')]);
  await db?.enrolments.bulkPut([makeEnrolment(1, 1), makeEnrolment(1, 2, 3)]);
  network.offline = true;
});

afterEach(async () => {
  await stopSync();
  await Dexie.delete(userDbName(7));
});

describe('the hooks the screens read', () => {
  it('lists the classes of a period in start order, flagging those with unsent changes', async () => {
    const { result } = renderHook(() => useClassesInRange('2026-11-23T00:00:00Z', '2026-12-01T00:00:00Z'));
    await waitFor(() => expect(result.current?.map((c) => c.classId)).toEqual([10, 11, 12]));
    expect(result.current?.every((c) => !c.pending)).toBe(true);

    await act(() => markAttendance({ classId: 11, studentId: 1, statusId: 2 }));
    await waitFor(() => expect(result.current?.map((c) => [c.classId, c.pending])).toEqual([[10, false], [11, true], [12, false]]));
  });

  it('shows one class, with a queued move to the end and the status marking gives it', async () => {
    const { result } = renderHook(() => useClass(10));
    await waitFor(() => expect(result.current).toMatchObject({ classId: 10, seriesStatusId: 2, pending: false }));
    await act(async () => {
      await markAttendance({ classId: 10, studentId: 1, statusId: 2 });
      await markAttendance({ classId: 10, studentId: 2, statusId: 5 });
      await moveClassToEnd({ classId: 10 });
    });
    await waitFor(() => expect(result.current).toMatchObject({ seriesStatusId: 3, pending: true, movingToEnd: true }));
    const { result: missing } = renderHook(() => useClass(404));
    await waitFor(() => expect(missing.current).toBeNull());
  });

  it('never answers for the class it read before when asked for another (the reschedule form would open on it)', async () => {
    const seen: (number | null | undefined)[] = [];
    const { result, rerender } = renderHook(({ classId }) => {
      const cls = useClass(classId);
      seen.push(cls === undefined || cls === null ? cls : cls.classId);
      return cls;
    }, { initialProps: { classId: 10 } });
    await waitFor(() => expect(result.current?.classId).toBe(10));
    seen.length = 0;
    rerender({ classId: 11 });
    await waitFor(() => expect(result.current?.classId).toBe(11));
    expect(seen.filter((id) => id !== undefined && id !== 11)).toEqual([]);
  });

  it("lists a course's classes", async () => {
    const { result } = renderHook(() => useCourseClasses(2));
    await waitFor(() => expect(result.current?.map((c) => c.classId)).toEqual([12]));
  });

  it('shows the register by surname with each mark and its pending flag', async () => {
    const { result } = renderHook(() => useRegister(10));
    await waitFor(() => expect(result.current).toHaveLength(2));
    await act(() => markAttendance({ classId: 10, studentId: 2, statusId: 5 }));
    await waitFor(() => expect(result.current?.map((l) => [l.student, l.company, l.statusId, l.pending])).toEqual([
      ['Zoe Adams', 'Acme', 1, false],
      ['Ann Brown', null, 5, true],
    ]));
    await act(() => clearAttendance({ classId: 10, studentId: 2 }));
    await waitFor(() => expect(result.current?.[1]?.statusId).toBe(1));
  });

  it('lists courses, a course\'s students and all students', async () => {
    const courses = renderHook(() => useCourses());
    const onCourse = renderHook(() => useCourseStudents(1));
    const students = renderHook(() => useStudents());
    await waitFor(() => expect(courses.result.current?.map((c) => c.title)).toEqual(['Business French', 'General English']));
    await waitFor(() => expect(onCourse.result.current?.map((s) => [s.student, s.company, s.enrolmentStatusId])).toEqual([
      ['Zoe Adams', 'Acme', 1], ['Ann Brown', null, 3],
    ]));
    await waitFor(() => expect(students.result.current?.map((s) => s.lastName)).toEqual(['Adams', 'Brown']));
  });

  it('reports pending and sending counts, attempts, stuck changes and last sync times', async () => {
    const { result } = renderHook(() => useSyncState());
    await waitFor(() => expect(result.current.lastPulledAt).not.toBeNull());
    expect(result.current).toMatchObject({ pendingCount: 0, issuesCount: 0, stuck: false, needsSignIn: false, lastSyncedAt: null });

    await act(() => markAttendance({ classId: 10, studentId: 1, statusId: 2 }));
    await waitFor(() => expect(result.current.pendingCount).toBe(1));
    expect(result.current.oldestPendingAgeMs).toBeGreaterThanOrEqual(0);

    await act(() => activeSync()!.db.outbox.toCollection().modify({ attempts: 10 }));
    await waitFor(() => expect(result.current).toMatchObject({ maxAttempts: 10, stuck: true }));
    await act(() => activeSync()!.db.outbox.toCollection().modify({ attempts: 0, madeAt: new Date(Date.now() - 25 * 3_600_000).toISOString() }));
    await waitFor(() => expect(result.current).toMatchObject({ maxAttempts: 0, stuck: true }));

    network.offline = false;
    await act(async () => {
      await activeSync()?.engine.sendNow();
    });
    await waitFor(() => expect(result.current).toMatchObject({ pendingCount: 0, stuck: false }));
    expect(result.current.lastSyncedAt).not.toBeNull();
  });

  it('lists sync issues with the reason, what the change was and the server value', async () => {
    network.server.draftClassIds.add(11);
    network.server.adminMark(10, 2, 5);
    const { result } = renderHook(() => useSyncIssues());
    await act(async () => {
      await markAttendance({ classId: 11, studentId: 1, statusId: 2 });
      await markAttendance({ classId: 10, studentId: 2, statusId: 2 });
      network.offline = false;
      await activeSync()?.engine.sendNow();
    });
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(result.current?.[0]).toMatchObject({
      id: 1, kind: 'rejected', reason: ATTENDANCE_MESSAGES.draft, summary: 'Zoe Adams: Attended - General English 23/11/2026 10:00', server: null,
    });
    expect(result.current?.[1]).toMatchObject({ id: 2, kind: 'conflict', server: { statusId: 5, version: 2 } });

    await act(async () => {
      await resolveIssue(1, 'theirs');
    });
    await waitFor(() => expect(result.current?.map((i) => i.id)).toEqual([2]));
  });

  it('words a refused reschedule with both dates as dd/MM/yyyy HH:mm (the class London time, the new one as asked)', async () => {
    network.server.clashingClassIds.add(12);
    network.server.addClass(makeClass({ classId: 13, courseId: 2, startsAt: '2026-07-01T08:00:00.000Z' }));
    network.server.clashingClassIds.add(13);
    network.offline = false;
    await act(async () => {
      await activeSync()?.engine.pullNow();
    });
    network.offline = true;
    const { result } = renderHook(() => useSyncIssues());
    await act(async () => {
      await rescheduleClass({ classId: 12, classDate: '7/12/2026 9:05', classLength: 60 });
      await rescheduleClass({ classId: 13, classDate: '2/7/2026 14:00', classLength: 45 });
      network.offline = false;
      await activeSync()?.engine.sendNow();
    });
    await waitFor(() => expect(result.current).toHaveLength(2));
    expect(result.current?.map((issue) => issue.summary)).toEqual([
      // 09:00 UTC in November is 09:00 in London; 08:00 UTC in July is 09:00 BST.
      'Move General English 30/11/2026 09:00 to 07/12/2026 09:05 (60 mins)',
      'Move General English 01/07/2026 09:00 to 02/07/2026 14:00 (45 mins)',
    ]);
  });
});
