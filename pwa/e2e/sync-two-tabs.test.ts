import type { PushRequest, PushResponse } from '@rollbook/shared-types/sync';
import type { Browser, Page, Request, Route } from 'playwright-core';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedMutations,
  attendanceOf,
  clientIdOf,
  createMarkingCourse,
  markOnRegister,
  openAnotherTab,
  openRegister,
  openSignedInPage,
  openTeacherPhone,
  outboxRows,
  startSyncSuite,
  statusOf,
  stopSyncSuite,
  type StoredUser,
  type Toggle,
  unexpected,
  visibleText,
} from './sync-driver';

// Offline sync, fourth proof: the teacher has the app open in two tabs and queues changes in both with no
// signal. Back online, every change is applied once, and only one tab sends at a time: the tabs
// take turns under one Web Lock, so their push requests never overlap.

const STUDENTS = 10;
/** How long each push is held before it goes on: two tabs sending at once would overlap. */
const PUSH_DELAY_MS = 300;

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;
let db: pg.Client;

beforeAll(async () => {
  ({ browser, admin, teacher, db } = await startSyncSuite());
});
afterAll(() => stopSyncSuite({ browser, db }));

type TabName = 'A' | 'B';

interface Push {
  tab: TabName;
  start: number;
  end: number | null;
  request: PushRequest;
  response: PushResponse | null;
}

/** Records the tab's push requests: when each started and ended (as the page saw them) and the answer. */
function recordTabPushes(page: Page, tab: TabName, pushes: Push[]): void {
  const open = new Map<Request, Push>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/sync/push')) return;
    const push: Push = { tab, start: Date.now(), end: null, request: request.postDataJSON() as PushRequest, response: null };
    open.set(request, push);
    pushes.push(push);
  });
  const finish = (request: Request) => {
    const push = open.get(request);
    if (!push) return;
    push.end = Date.now();
    void request.response().then(async (response) => {
      push.response = response ? ((await response.json()) as PushResponse) : null;
    }).catch(() => undefined);
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
}

interface Gate {
  open: () => void;
  /** Resolves once a request has arrived at the gate. */
  reached: Promise<void>;
  wait: () => Promise<void>;
}

/** A gate a route handler waits at until the test opens it. */
function gate(): Gate {
  let open: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  return { open, reached, wait: () => (arrived(), opened) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a lock named `probe` for the life of the page, so the test can tell which tab a lock holder is. */
async function lockClientIdOf(page: Page, probe: string): Promise<string> {
  await page.evaluate((name) => {
    void navigator.locks.request(name, () => new Promise(() => undefined));
  }, probe);
  const clientId = await page.waitForFunction(
    async (name) => (await navigator.locks.query()).held?.find((lock) => lock.name === name)?.clientId ?? null,
    probe,
  );
  return (await clientId.jsonValue()) as string;
}

/** The teacher marks in the tab in front (the browser slows down rendering in a tab out of sight). */
async function markInTab(tab: Page, student: string, toggle: Toggle): Promise<void> {
  await tab.bringToFront();
  await markOnRegister(tab, student, toggle);
}

/** Who holds the outbox lock and who waits for it, as the browser tells any tab of the origin. */
function outboxLock(page: Page, userId: number): Promise<{ held: string[]; pending: string[] }> {
  return page.evaluate(async (name) => {
    const snapshot = await navigator.locks.query();
    const of = (locks: LockInfo[] | undefined) => (locks ?? []).filter((lock) => lock.name === name).map((lock) => lock.clientId ?? '');
    return { held: of(snapshot.held), pending: of(snapshot.pending) };
  }, `rollbook-outbox-${userId}`);
}

describe('two tabs of the app', () => {
  it('queue changes offline in both, apply every change once and never send at the same time', async () => {
    const course = await createMarkingCourse(admin, teacher, db, { classes: 2, students: STUDENTS });
    const [classA = 0, classB = 0] = course.classIds;
    const before = await attendanceOf(db, course.classIds);
    const firstName = course.students[0]?.name ?? '';

    const { context, page: tabA, errors: errorsA } = await openTeacherPhone(browser, teacher);
    const { page: tabB, errors: errorsB } = await openAnotherTab(context);
    try {
      await openSignedInPage(tabB, teacher, '/teachers/classesmobile');

      // Each tab marks a class of its own with no signal.
      await context.setOffline(true);
      const planFor = (classId: number, offset: number) =>
        course.students.map((student, index) => ({ classId, ...student, toggle: ((index + offset) % 2 === 0 ? 'ATTENDED' : 'ABSENT') as Toggle }));
      const marks = [...planFor(classA, 0), ...planFor(classB, 1)];
      await openRegister(tabA, classA, firstName);
      await openRegister(tabB, classB, firstName);
      // Each document is its own lock client: learn which is which once the tabs stay on their pages.
      const lockClient = { [await lockClientIdOf(tabA, 'probe-a')]: 'A', [await lockClientIdOf(tabB, 'probe-b')]: 'B' };
      expect(Object.values(lockClient).sort()).toEqual(['A', 'B']);
      for (const mark of marks) await markInTab(mark.classId === classA ? tabA : tabB, mark.name, mark.toggle);
      for (const tab of [tabA, tabB]) await visibleText(tab, `Pending changes: ${marks.length}`).waitFor();
      const queued = await outboxRows(tabA, teacher.userId);
      expect(queued).toHaveLength(marks.length);

      const pushes: Push[] = [];
      recordTabPushes(tabA, 'A', pushes);
      recordTabPushes(tabB, 'B', pushes);
      // Every push is slowed down, so two tabs sending at once would overlap. A push the test holds
      // waits at its gate until the test has looked at the lock. Either tab may send any change.
      let holdNextPush: Gate | null = null;
      let pushesAnswered = 0;
      let lastAnsweredBy: TabName | null = null;
      const forward = (tab: TabName) => async (route: Route) => {
        const held = holdNextPush;
        holdNextPush = null;
        if (held) await held.wait();
        await sleep(PUSH_DELAY_MS);
        const response = await route.fetch();
        // Counted before the page can see the answer, so the refresh that follows finds it counted.
        pushesAnswered += 1;
        lastAnsweredBy = tab;
        await route.fulfill({ response });
      };
      await tabA.route('**/api/sync/push', forward('A'));
      await tabB.route('**/api/sync/push', forward('B'));
      const tabs = { A: tabA, B: tabB };
      const otherThan = (tab: TabName): TabName => (tab === 'A' ? 'B' : 'A');
      /** The outbox lock as tab `from` sees it: which tab holds it, and whether tab `waiter` waits for it. */
      const lockState = async (from: Page, waiter: TabName) => {
        const lock = await outboxLock(from, teacher.userId);
        return { held: lock.held.map((id) => lockClient[id]), waiting: lock.pending.some((id) => lockClient[id] === waiter) };
      };
      const allAnswered = async () => {
        for (const tab of [tabA, tabB]) await visibleText(tab, 'Pending changes: 0').waitFor({ timeout: 60_000 });
        await expect.poll(() => pushes.every((push) => push.end !== null && push.response !== null), { timeout: 10_000 }).toBe(true);
      };
      // Changes made online: a student's mark turned the other way, in the tab showing their class.
      const flips: ((typeof marks)[number])[] = [];
      const unflipped = { A: marks.slice(0, STUDENTS), B: marks.slice(STUDENTS) };
      const flipIn = async (tab: TabName) => {
        const mark = unflipped[tab].shift() as (typeof marks)[number];
        const flipped = { ...mark, toggle: (mark.toggle === 'ATTENDED' ? 'ABSENT' : 'ATTENDED') as Toggle };
        flips.push(flipped);
        await markInTab(tabs[tab], flipped.name, flipped.toggle);
      };

      // 1. Both tabs come online together and both want to send: one holds the lock, the other waits.
      const firstPush = gate();
      holdNextPush = firstPush;
      await context.setOffline(false);
      await firstPush.reached;
      const firstSender = pushes[0]?.tab ?? 'A';
      await expect.poll(() => lockState(tabA, otherThan(firstSender)), { timeout: 15_000 }).toEqual({ held: [firstSender], waiting: true });
      firstPush.open();
      await allAnswered();

      // 2. Online: a change made in tab A is sent, and its sender then holds the lock for the refresh
      // that follows; a change made in the other tab meanwhile waits and goes out from that tab.
      const pullHeld = gate();
      const answeredBefore = pushesAnswered;
      let pullHolder: TabName | null = null;
      const holdRefresh = (tab: TabName) => async (route: Route) => {
        if (pullHolder === null && pushesAnswered > answeredBefore && lastAnsweredBy === tab) {
          pullHolder = tab;
          await pullHeld.wait();
        }
        await route.fallback();
      };
      await tabA.route('**/api/sync/pull*', holdRefresh('A'));
      await tabB.route('**/api/sync/pull*', holdRefresh('B'));
      const secondRound = pushes.length;
      await flipIn('A');
      await pullHeld.reached;
      const holder = pullHolder ?? 'A';
      await flipIn(otherThan(holder));
      await expect.poll(() => lockState(tabs[otherThan(holder)], otherThan(holder)), { timeout: 15_000 }).toEqual({ held: [holder], waiting: true });
      pullHeld.open();
      await allAnswered();
      expect(pushes.slice(secondRound).map((push) => push.tab)).toEqual([holder, otherThan(holder)]);

      // 3. A push is held in flight while the other tab makes a change: that tab does not send meanwhile.
      const pushHeld = gate();
      holdNextPush = pushHeld;
      await flipIn('A');
      await pushHeld.reached;
      const inFlight = pushes.at(-1)?.tab ?? 'A';
      await flipIn(otherThan(inFlight));
      await expect.poll(() => lockState(tabs[otherThan(inFlight)], otherThan(inFlight)), { timeout: 15_000 }).toEqual({ held: [inFlight], waiting: true });
      pushHeld.open();
      await allAnswered();
      await expect.poll(() => outboxRows(tabA, teacher.userId), { timeout: 30_000 }).toEqual([]);
      expect(flips).toHaveLength(4);

      // Push requests, whichever tab sent them, one after another: each starts after the previous one ended.
      const byStart = [...pushes].sort((a, b) => a.start - b.start);
      for (const [index, push] of byStart.entries()) {
        const previous = byStart[index - 1];
        if (previous) expect({ index, startedAfterPreviousEnded: push.start >= (previous.end ?? Infinity) }).toEqual({ index, startedAfterPreviousEnded: true });
      }
      // Every change was sent once and applied: the answers cover each queued change exactly once.
      const answered = pushes.flatMap((push) => push.response?.results ?? []);
      expect(answered.map((result) => result.status)).toEqual(answered.map(() => 'applied'));
      const recorded = await appliedMutations(db, await clientIdOf(tabA, teacher.userId));
      expect(recorded.map((row) => row.mutationId).sort()).toEqual(answered.map((result) => result.mutationId).sort());
      expect(recorded).toHaveLength(marks.length + flips.length);
      expect(recorded.slice(0, marks.length)).toEqual(queued.map(({ seq, mutationId }) => ({ seq, mutationId, outcome: 'applied' })));

      // On the server: each line has the last mark made and moved one version per change made on it.
      const after = await attendanceOf(db, course.classIds);
      for (const mark of marks) {
        const key = `${mark.classId}:${mark.studentId}`;
        const flipped = flips.find((f) => f.classId === mark.classId && f.studentId === mark.studentId);
        const want = { statusId: statusOf(flipped?.toggle ?? mark.toggle), version: (before.get(key)?.version ?? 0) + (flipped ? 2 : 1), markedBy: teacher.userId };
        expect({ key, ...after.get(key) }).toEqual({ key, ...want });
      }
      expect([...unexpected(errorsA), ...unexpected(errorsB)]).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);
  it('hand the queue to the other tab when the sending tab is closed mid-batch, which sends it again once', async () => {
    const course = await createMarkingCourse(admin, teacher, db, { classes: 1, students: STUDENTS });
    const [classId = 0] = course.classIds;
    const before = await attendanceOf(db, course.classIds);
    const marks = course.students.map((student, index) => ({ ...student, toggle: (index % 2 === 0 ? 'ATTENDED' : 'ABSENT') as Toggle }));

    const { context, page: tabA, errors: errorsA } = await openTeacherPhone(browser, teacher);
    const { page: tabB, errors: errorsB } = await openAnotherTab(context);
    try {
      await openSignedInPage(tabB, teacher, '/teachers/classesmobile');
      await context.setOffline(true);
      await openRegister(tabA, classId, marks[0]?.name ?? '');
      for (const mark of marks) await markInTab(tabA, mark.name, mark.toggle);
      for (const tab of [tabA, tabB]) await visibleText(tab, `Pending changes: ${marks.length}`).waitFor();
      const queued = await outboxRows(tabA, teacher.userId);

      // Both tabs want to send once online. The first push reaches the server and is committed, but
      // its tab is closed before the answer comes back; later pushes go through.
      const pushes: Push[] = [];
      recordTabPushes(tabA, 'A', pushes);
      recordTabPushes(tabB, 'B', pushes);
      let committed: () => void = () => undefined;
      const firstCommitted = new Promise<void>((resolve) => {
        committed = resolve;
      });
      let first = true;
      const handler = async (route: Route) => {
        if (!first) return route.fallback();
        first = false;
        await route.fetch();
        committed();
        // Never answered: the tab closes first.
      };
      await tabA.route('**/api/sync/push', handler);
      await tabB.route('**/api/sync/push', handler);
      await context.setOffline(false);
      await firstCommitted;
      const closing = pushes[0]?.tab === 'A' ? tabA : tabB;
      const [other, otherErrors, otherName] = closing === tabA ? [tabB, errorsB, 'B'] : [tabA, errorsA, 'A'];
      expect(unexpected(closing === tabA ? errorsA : errorsB)).toEqual([]);
      await closing.close();

      // The lock passes to the other tab, which sends the batch again: the server knows every change.
      await visibleText(other, 'Pending changes: 0').waitFor({ timeout: 60_000 });
      await expect.poll(() => outboxRows(other, teacher.userId), { timeout: 30_000 }).toEqual([]);
      await expect.poll(() => pushes.filter((push) => push.tab === otherName).every((push) => push.response !== null), { timeout: 10_000 }).toBe(true);
      const retried = pushes.filter((push) => push.tab === otherName).flatMap((push) => push.response?.results ?? []);
      expect(retried.map((result) => [result.seq, result.status, result.previous])).toEqual(queued.map((row) => [row.seq, 'duplicate', 'applied']));

      const recorded = await appliedMutations(db, await clientIdOf(other, teacher.userId));
      expect(recorded).toEqual(queued.map(({ seq, mutationId }) => ({ seq, mutationId, outcome: 'applied' })));
      const after = await attendanceOf(db, course.classIds);
      for (const mark of marks) {
        const key = `${classId}:${mark.studentId}`;
        expect({ key, ...after.get(key) }).toEqual({ key, statusId: statusOf(mark.toggle), version: (before.get(key)?.version ?? 0) + 1, markedBy: teacher.userId });
      }
      expect(unexpected(otherErrors)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});
