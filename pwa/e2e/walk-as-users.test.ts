import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './app-driver';
import { startStack, type RunningStack } from './harness';
import { ADMIN_JOURNEYS } from './walk-admin-journeys';
import { Walk, type Journey, type Role } from './walk-driver';
import { STUDENT_JOURNEYS } from './walk-student-journeys';
import { TEACHER_JOURNEYS } from './walk-teacher-journeys';

// Each user signs in and moves through the app only by clicking (tapping on a phone), journey by
// journey (walk-*-journeys.ts); after every step they see the page's heading alone, the console
// shows no error and no answer is a 5xx: pages opened by address (as other tests open them) once
// hid pages that a click left blank.
// The walks open the first rows of lists, so they run on their own server with the demo school
// exactly as seeded, not on the shared one other files change.

let stack: RunningStack;
let browser: Browser;
beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const WALKS: { role: Role; title: string; journeys: Journey[] }[] = [
  { role: { username: 'admin', device: 'desktop' }, title: 'the admin, clicking on a 1366 × 768 desktop', journeys: ADMIN_JOURNEYS },
  { role: { username: 'teacher', device: 'phone' }, title: 'the teacher, tapping on a 390 × 844 phone', journeys: TEACHER_JOURNEYS },
  { role: { username: 'student', device: 'phone' }, title: 'the student, tapping on a 390 × 844 phone', journeys: STUDENT_JOURNEYS },
];

describe.each(WALKS)('$title, sees every page they open', ({ role, journeys }) => {
  let walk: Walk;
  beforeAll(async () => {
    walk = await Walk.start(browser, role, stack.baseUrl);
  });
  afterAll(async () => {
    await walk?.close();
  });

  it.each(journeys)('$name', async (journey) => {
    await walk.take(journey);
  });
});
