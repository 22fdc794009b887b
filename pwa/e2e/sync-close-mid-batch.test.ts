import { SYNC_BATCH_LIMIT } from '@rollbook/shared-types/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedMutations,
  attendanceOf,
  type AttendanceRow,
  clientIdOf,
  createMarkingCourse,
  type MarkingCourse,
  markOnRegister,
  openAnotherTab,
  openRegister,
  openTeacherPhone,
  outboxRows,
  type QueuedRow,
  recordPushes,
  startSyncSuite,
  statusOf,
  stopSyncSuite,
  type StoredUser,
  type Toggle,
  unexpected,
  visibleText,
} from './sync-driver';

// Offline sync, third proof: the teacher closes the app while a batch is on its way. Opened again, the app
// sends everything that got no answer: what the server had committed comes back 'duplicate', the
// rest is applied, and every change is on the server exactly once.

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;
let db: pg.Client;

beforeAll(async () => {
  ({ browser, admin, teacher, db } = await startSyncSuite());
});
afterAll(() => stopSyncSuite({ browser, db }));

interface PlannedMark {
  classId: number;
  studentId: number;
  name: string;
  toggle: Toggle;
}

/** Marks every student of every class of the course with no signal; answers the queued outbox rows. */
async function markOffline(context: BrowserContext, page: Page, course: MarkingCourse): Promise<{ plan: PlannedMark[]; queued: QueuedRow[] }> {
  const plan = course.classIds.flatMap((classId, classIndex) =>
    course.students.map((student, index) => ({ classId, ...student, toggle: ((classIndex + index) % 2 === 0 ? 'ATTENDED' : 'ABSENT') as Toggle })));
  await context.setOffline(true);
  await visibleText(page, 'Offline').waitFor();
  for (const classId of course.classIds) {
    await openRegister(page, classId, course.students[0]?.name ?? '');
    for (const mark of plan.filter((line) => line.classId === classId)) await markOnRegister(page, mark.name, mark.toggle);
  }
  await visibleText(page, `Pending changes: ${plan.length}`).waitFor();
  const queued = await outboxRows(page, teacher.userId);
  expect(queued).toHaveLength(plan.length);
  return { plan, queued };
}

/** Opens the app again in the same browser profile and waits until the outbox is empty; answers the pushes it made. */
async function reopenUntilSent(context: BrowserContext) {
  const reopened = await openAnotherTab(context);
  const pushes = recordPushes(reopened.page);
  await reopened.page.goto('/teachers/classesmobile');
  await visibleText(reopened.page, 'Pending changes: 0').waitFor({ timeout: 60_000 });
  await expect.poll(() => outboxRows(reopened.page, teacher.userId), { timeout: 30_000 }).toEqual([]);
  await expect.poll(() => pushes.length > 0 && pushes.every((push) => push.response !== null), { timeout: 10_000 }).toBe(true);
  await visibleText(reopened.page, 'Sync issues (0)').waitFor();
  return { ...reopened, answers: pushes.flatMap((push) => push.response?.results ?? []).map((result) => [result.seq, result.status]) };
}

/** On the server: each queued change recorded once, each register line changed once, by the teacher. */
async function expectAppliedOnce(page: Page, queued: QueuedRow[], plan: PlannedMark[], before: Map<string, AttendanceRow>, classIds: number[]) {
  const recorded = await appliedMutations(db, await clientIdOf(page, teacher.userId));
  expect(recorded).toEqual(queued.map(({ seq, mutationId }) => ({ seq, mutationId, outcome: 'applied' })));
  const after = await attendanceOf(db, classIds);
  for (const mark of plan) {
    const key = `${mark.classId}:${mark.studentId}`;
    expect({ key, ...after.get(key) }).toEqual({ key, statusId: statusOf(mark.toggle), version: (before.get(key)?.version ?? 0) + 1, markedBy: teacher.userId });
  }
}

describe('closing the app while a batch is in flight', () => {
  it('resends a batch the server committed but never answered as duplicate, and the unsent rest as new, once each', async () => {
    // 60 marks: a batch of 50 in flight when the app closes, 10 not sent yet.
    const course = await createMarkingCourse(admin, teacher, db, { classes: 3, students: 20 });
    const before = await attendanceOf(db, course.classIds);
    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
      const { plan, queued } = await markOffline(context, page, course);

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
      await page.close();

      const reopened = await reopenUntilSent(context);
      expect(reopened.answers).toEqual(queued.map((row, index) => [row.seq, index < SYNC_BATCH_LIMIT ? 'duplicate' : 'applied']));
      await expectAppliedOnce(reopened.page, queued, plan, before, course.classIds);
      expect(unexpected(reopened.errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);

  it('sends a batch cut off by closing the app again when reopened and applies it once, however far the first send got', async () => {
    const course = await createMarkingCourse(admin, teacher, db, { classes: 1, students: 8 });
    const before = await attendanceOf(db, course.classIds);
    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
      const { plan, queued } = await markOffline(context, page, course);

      // The batch leaves the page and is held on its way out; the app is closed at that moment.
      // (Closing lets the held request go on, as a real browser may: it can reach the server
      // before, after or while the reopened app sends the batch again.)
      let sent: () => void = () => undefined;
      const leftThePage = new Promise<void>((resolve) => {
        sent = resolve;
      });
      await page.route('**/api/sync/push', () => sent());
      await context.setOffline(false);
      await leftThePage;
      expect((await outboxRows(page, teacher.userId)).map((row) => row.status)).toEqual(queued.map(() => 'sending'));
      expect(unexpected(errors)).toEqual([]);
      await page.close();

      const reopened = await reopenUntilSent(context);
      // Each change answered once: applied now, or duplicate if the cut-off send got there first.
      expect(reopened.answers.map(([seq]) => seq)).toEqual(queued.map((row) => row.seq));
      for (const [seq, status] of reopened.answers) expect({ seq, answered: ['applied', 'duplicate'].includes(String(status)) }).toEqual({ seq, answered: true });
      await expectAppliedOnce(reopened.page, queued, plan, before, course.classIds);
      expect(unexpected(reopened.errors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
