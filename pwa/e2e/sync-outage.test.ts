import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelayMs, MIN_RETRY_MS } from '../src/offline/backoff';
import { launchBrowser } from './app-driver';
import {
  adminMarks, appliedMutations, apiSignIn, lastWeekClasses, mark, nameOf, onRegister, openRegister, openTeacherPhone,
  outboxOf, registerOf, statusOf, unexpected, visibleText, type StoredUser,
} from './sync-conflict-driver';

// The API answers 503 for a minute while the teacher keeps marking: the phone keeps every change,
// retries with growing pauses (never hammering the server), and once the server is back every
// change is applied once, in the order the teacher made them, and the outbox empties.

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
});
afterAll(async () => {
  await browser?.close();
});

const OUTAGE_MS = 60_000;
const RETRY_AFTER_S = 3;

/**
 * The most push attempts that fit in `windowMs` after the first one, following backoff.ts: the
 * pause after the n-th failure is at least backoffDelayMs(n) with the smallest jitter, and the first
 * pause is at least the Retry-After the server sent with the first 503.
 */
function mostAttemptsWithin(windowMs: number): number {
  let attempts = 1;
  let elapsed = Math.max(backoffDelayMs(1, () => 0), RETRY_AFTER_S * 1000);
  while (elapsed <= windowMs) {
    attempts += 1;
    elapsed += backoffDelayMs(attempts, () => 0);
  }
  return attempts;
}

describe('the API failing for a minute while changes are queued', () => {
  it('retries with growing pauses and then applies every change once, in order', async () => {
    const [cls] = await lastWeekClasses(teacher, 3);
    expect(cls).toBeTruthy();
    const classId = cls?.classId ?? 0;
    const lines = onRegister(await registerOf(admin, classId)).slice(0, 3);
    // Each student is marked twice (the second mark wins), so the order of applying shows on the server.
    for (const line of lines) await adminMarks(admin, classId, line.studentId, 1);

    const attempts: number[] = [];
    let firstAnswer = true;
    const failing = async (route: Route) => {
      attempts.push(Date.now());
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (firstAnswer) headers['retry-after'] = String(RETRY_AFTER_S);
      firstAnswer = false;
      await route.fulfill({ status: 503, headers, body: JSON.stringify({ message: 'Service unavailable', code: 'UNAVAILABLE' }) });
    };

    const { context, page, errors } = await openTeacherPhone(browser, teacher, `/teachers/class?id=${classId}`);
    try {
      const first = nameOf(lines[0] ?? { firstName: '', lastName: '' });
      const scope = await openRegister(page, classId, first);
      await context.route('**/api/sync/push', failing);

      const expected = new Map<number, number>();
      for (const line of lines) {
        await mark(scope, nameOf(line), 'ABSENT');
        await mark(scope, nameOf(line), 'ATTENDED');
        expected.set(line.studentId, statusOf('ATTENDED'));
      }
      await visibleText(page, `Pending changes: ${lines.length * 2}`).waitFor();
      await expect.poll(() => attempts.length).toBeGreaterThan(0);
      const outageStart = attempts[0] ?? Date.now();

      // A minute of outage, counted from the first refused push.
      await page.waitForTimeout(Math.max(0, outageStart + OUTAGE_MS - Date.now()));
      const during = [...attempts];
      const outageMs = Date.now() - outageStart;
      await context.unroute('**/api/sync/push', failing);

      // Attempt times are taken in this process, a little after the phone sent them: allow 1 s.
      const bound = mostAttemptsWithin(outageMs + MIN_RETRY_MS);
      console.info(`push attempts during a ${Math.round(outageMs / 1000)} s outage: ${during.length} (bound from backoff.ts: ${bound})`);
      expect(during.length).toBeGreaterThanOrEqual(3);
      expect(during.length).toBeLessThanOrEqual(bound);
      expect(bound).toBeLessThan(outageMs / 1000 / 4);

      // Nothing was dropped meanwhile: every change is still queued, in the order it was made.
      const queued = await outboxOf(page, teacher.userId);
      expect(queued.map((row) => row.status)).toEqual(Array(lines.length * 2).fill('pending'));
      expect(queued.map((row) => row.seq)).toEqual([...queued.map((row) => row.seq)].sort((x, y) => x - y));

      // The next wake-up of the backoff sends it all (it may be up to a minute away).
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 150_000 });
      expect(await outboxOf(page, teacher.userId)).toEqual([]);
      const applied = await appliedMutations(queued.map((row) => row.mutationId));
      expect(applied.map((row) => [row.seq, row.outcome])).toEqual(queued.map((row) => [row.seq, 'applied']));
      const after = await registerOf(admin, classId);
      for (const line of lines) {
        expect([line.studentId, after.students.find((s) => s.studentId === line.studentId)?.statusId]).toEqual([line.studentId, expected.get(line.studentId)]);
      }
      expect(unexpected(errors).filter((error) => !error.includes('503'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
