import type { PushResponse } from '@rollbook/shared-types/sync';
import type { Browser } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedMutations,
  attendanceOf,
  clientIdOf,
  createMarkingCourse,
  markOnRegister,
  openRegister,
  openTeacherPhone,
  outboxRows,
  recordPushes,
  startSyncSuite,
  statusOf,
  stopSyncSuite,
  type StoredUser,
  type Toggle,
  unexpected,
  visibleText,
} from './sync-driver';

// Offline sync, second proof: the server commits a batch but its answer never reaches the phone (the
// connection drops on the way back). The phone sends the batch again; the server recognises every
// change and answers 'duplicate', so nothing is applied twice, and the outbox empties.

const STUDENTS = 6;

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;
let db: pg.Client;

beforeAll(async () => {
  ({ browser, admin, teacher, db } = await startSyncSuite());
});
afterAll(() => stopSyncSuite({ browser, db }));

describe('a push whose answer is lost after the server committed it', () => {
  it('is sent again, answered duplicate for every change and applied only once', async () => {
    const course = await createMarkingCourse(admin, teacher, db, { classes: 1, students: STUDENTS });
    const [classId = 0] = course.classIds;
    const before = await attendanceOf(db, course.classIds);
    const marks = course.students.map((student, index) => ({ ...student, toggle: (index % 2 === 0 ? 'ATTENDED' : 'ABSENT') as Toggle }));

    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      await openRegister(page, classId, marks[0]?.name ?? '');
      for (const mark of marks) await markOnRegister(page, mark.name, mark.toggle);
      await visibleText(page, `Pending changes: ${STUDENTS}`).waitFor();
      const queued = await outboxRows(page, teacher.userId);
      expect(queued).toHaveLength(STUDENTS);

      // The first push reaches the server, which commits it; its answer is then dropped on the way back.
      const lost: PushResponse[] = [];
      await page.route('**/api/sync/push', async (route) => {
        if (lost.length > 0) return route.fallback();
        const response = await route.fetch();
        lost.push((await response.json()) as PushResponse);
        // What the phone sees when the connection drops: a network error, no answer.
        await route.abort('internetdisconnected');
      });
      const pushes = recordPushes(page);

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 60_000 });
      await expect.poll(() => outboxRows(page, teacher.userId), { timeout: 30_000 }).toEqual([]);

      // The lost answer had applied every change.
      const ids = queued.map((row) => row.mutationId);
      expect(lost.flatMap((answer) => answer.results.map((result) => [result.mutationId, result.status]))).toEqual(ids.map((id) => [id, 'applied']));
      // The retry carried the same changes and the server answered each one 'duplicate' (first answer: applied).
      await expect.poll(() => pushes.length > 0 && pushes.every((push) => push.response !== null), { timeout: 10_000 }).toBe(true);
      const [retry] = pushes;
      expect(retry?.request.mutations.map((mutation) => mutation.mutationId)).toEqual(ids);
      expect(retry?.response?.results.map((result) => [result.mutationId, result.status, result.previous])).toEqual(ids.map((id) => [id, 'duplicate', 'applied']));
      expect(pushes).toHaveLength(1);

      // On the server: each change recorded once, each register line changed once.
      const recorded = await appliedMutations(db, await clientIdOf(page, teacher.userId));
      expect(recorded).toEqual(queued.map(({ seq, mutationId }) => ({ seq, mutationId, outcome: 'applied' })));
      const after = await attendanceOf(db, course.classIds);
      for (const mark of marks) {
        const key = `${classId}:${mark.studentId}`;
        expect({ key, ...after.get(key) }).toEqual({ key, statusId: statusOf(mark.toggle), version: (before.get(key)?.version ?? 0) + 1, markedBy: teacher.userId });
      }
      await visibleText(page, 'Sync issues (0)').waitFor();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
