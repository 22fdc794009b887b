import { SYNC_BATCH_LIMIT } from '@rollbook/shared-types/sync';
import type { Browser } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './app-driver';
import {
  apiSignIn, appliedMutations, attendanceOf, clientIdOf, connectServerDatabase, createMarkingCourse, markOnRegister, openAnotherTab,
  openRegister, openTeacherPhone, outboxRows, recordPushes, statusOf, unexpected, visibleText, type QueuedRow, type StoredUser, type Toggle,
} from './sync-driver';

// Issue 5, proof 3: the teacher closes the app while a batch is on its way. The server has
// committed that batch, the phone never heard back, and the rest of the queue was not sent yet.
// Opened again, the app sends everything that has no answer: the committed batch comes back
// 'duplicate', the rest is applied, and every change is on the server exactly once.

const STUDENTS = 20;
const CLASSES = 3;
const MARKS = STUDENTS * CLASSES;

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;
let db: pg.Client;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
  db = await connectServerDatabase();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

describe('closing the app while a batch is in flight', () => {
  it('sends what got no answer again when reopened, applying every change exactly once', async () => {
    const course = await createMarkingCourse(admin, teacher, db, { classes: CLASSES, students: STUDENTS });
    const before = await attendanceOf(db, course.classIds);
    const plan = course.classIds.flatMap((classId, classIndex) =>
      course.students.map((student, index) => ({ classId, ...student, toggle: ((classIndex + index) % 2 === 0 ? 'ATTENDED' : 'ABSENT') as Toggle })));

    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    const queued: QueuedRow[] = [];
    try {
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      for (const classId of course.classIds) {
        await openRegister(page, classId, course.students[0]?.name ?? '');
        for (const mark of plan.filter((line) => line.classId === classId)) await markOnRegister(page, mark.name, mark.toggle);
      }
      await visibleText(page, `Pending changes: ${MARKS}`).waitFor();
      queued.push(...(await outboxRows(page, teacher.userId)));
      expect(queued).toHaveLength(MARKS);

      // The first batch reaches the server and is committed; its answer is held until the page is gone.
      let reachedServer: (seqs: number[]) => void = () => undefined;
      const committed = new Promise<number[]>((resolve) => {
        reachedServer = resolve;
      });
      await page.route('**/api/sync/push', async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { results: { seq: number; status: string }[] };
        reachedServer(answer.results.filter((result) => result.status === 'applied').map((result) => result.seq));
        // Never answered: the page closes first.
      });
      await context.setOffline(false);
      expect(await committed).toEqual(queued.slice(0, SYNC_BATCH_LIMIT).map((row) => row.seq));
      // In flight: the phone still has the batch as 'sending' and the rest as 'pending'.
      expect((await outboxRows(page, teacher.userId)).map((row) => row.status)).toEqual(queued.map((_, index) => (index < SYNC_BATCH_LIMIT ? 'sending' : 'pending')));
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await page.close();
    }

    try {
      const reopened = await openAnotherTab(context);
      const pushes = recordPushes(reopened.page);
      await reopened.page.goto('/teachers/classesmobile');
      await visibleText(reopened.page, 'Pending changes: 0').waitFor({ timeout: 60_000 });
      await expect.poll(() => outboxRows(reopened.page, teacher.userId), { timeout: 30_000 }).toEqual([]);
      await expect.poll(() => pushes.length > 0 && pushes.every((push) => push.response !== null), { timeout: 10_000 }).toBe(true);

      // The batch the server had committed is answered 'duplicate'; the rest is applied now.
      const answers = pushes.flatMap((push) => push.response?.results ?? []).map((result) => [result.seq, result.status]);
      expect(answers).toEqual(queued.map((row, index) => [row.seq, index < SYNC_BATCH_LIMIT ? 'duplicate' : 'applied']));

      const recorded = await appliedMutations(db, await clientIdOf(reopened.page, teacher.userId));
      expect(recorded).toEqual(queued.map(({ seq, mutationId }) => ({ seq, mutationId, outcome: 'applied' })));
      const after = await attendanceOf(db, course.classIds);
      for (const mark of plan) {
        const key = `${mark.classId}:${mark.studentId}`;
        expect({ key, ...after.get(key) }).toEqual({ key, statusId: statusOf(mark.toggle), version: (before.get(key)?.version ?? 0) + 1, markedBy: teacher.userId });
      }
      await visibleText(reopened.page, 'Sync issues (0)').waitFor();
      expect(unexpected(reopened.errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);
});
