import type { ClassRegister } from '@rollbook/shared-types/attendance';
import type { ClassItem } from '@rollbook/shared-types/classes';
import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, heading, launchBrowser, openApp, PHONE, submitLogin } from './app-driver';
import { api, apiSignIn, type StoredUser } from './api-driver';

// A teacher's token runs out (12 hours) while the phone has no signal: the register can still be
// taken from the phone's copy, the mark waits on the phone while the app asks them to sign in
// again, and it reaches the server exactly once after they do. Admins still go back to /login.

const EXPIRED_PROMPT = 'Your session has expired, please log in again';

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;

interface Student {
  studentId: number;
  firstName: string;
  lastName: string;
}

/** A class of the teacher's own, eight days ago, with one student not marked yet (no other test touches it). */
async function classOfLastWeek(): Promise<{ classId: number; student: Student }> {
  const teacherId = teacher.roles[0]?.entityId ?? 0;
  const london = DateTime.now().setZone('Europe/London');
  const dmy = (date: DateTime) => `${date.day}/${date.month}/${date.year}`;
  const { students } = await api<{ students: Student[] }>(admin, '/api/students/getall?companyId=1');
  const student = students[students.length - 1] as Student;
  const [rate] = await api<{ teacherRateId: number }[]>(admin, `/api/teachers/GetTeachersRateByTeacherId?id=${teacherId}&onlyActive=true`);
  const course = await api<{ courseId: number }>(admin, '/api/courses/upsert', {
    title: `Marked after expiry ${Date.now()}`, description: 'A register taken after the token expired', typeId: 1, subjectId: 1,
    courseLevelId: 3, companyId: 1, startDateString: dmy(london.minus({ days: 8 })), endDateString: dmy(london.plus({ months: 3 })),
    duration: 4, classLengthTemplate: 60, price: 100, courseStatusId: 2,
  });
  await api(admin, '/api/courses/UpdateStudentStatus', { courseId: course.courseId, students: [{ studentId: student.studentId, statusId: 1 }] });
  const generated = await api<{ classes: ClassItem[] }>(admin, '/api/classes/GenerateClasses', {
    courseId: course.courseId, teacherId, teacherRateId: rate?.teacherRateId, time: '05:00', scheduleId: 1,
    startDateString: dmy(london.minus({ days: 8 })), numberOfClasses: 1, classLength: 60, allowClashes: true,
  });
  return { classId: generated.classes[0]?.classId ?? 0, student };
}

beforeAll(async () => {
  browser = await launchBrowser();
  // One API sign-in per user for the whole file (each sign-in runs the slow password hash).
  [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
});
afterAll(async () => {
  await browser?.close();
});

const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));

/** Stores the user the way the sign-in form does, with their token's expiry moved into the past. */
function expireStoredToken(page: Page): Promise<void> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('rollbook.user') ?? 'null') as { expiresAt: string } | null;
    if (!stored) throw new Error('Nobody is signed in');
    localStorage.setItem('rollbook.user', JSON.stringify({ ...stored, expiresAt: new Date(Date.now() - 60_000).toISOString() }));
  });
}

/** A new tab of the same phone (the app starts from scratch), collecting its errors. */
async function coldStart(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

describe('a teacher whose session expired with no signal', () => {
  it('opens the week from the phone, queues a mark, asks to sign in, and sends the mark once after signing in again', async () => {
    const { classId, student } = await classOfLastWeek();
    const registerOf = () => api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${classId}`);
    const serverLine = async () => (await registerOf()).students.find((l) => l.studentId === student.studentId);
    const line = await serverLine();
    expect(line?.statusId).toBe(1);
    const name = `${student.firstName} ${student.lastName}`.trim();

    const { context, page: first, errors } = await openApp(browser, PHONE);
    try {
      await first.goto('/login');
      await first.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), teacher);
      await first.goto('/teachers/classesmobile');
      await first.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await visibleText(first, /^Last updated \d\d:\d\d$/).waitFor({ timeout: 30_000 });
      const weekHeading = await first.getByRole('heading', { name: /^Classes in week / }).filter({ visible: true }).textContent();

      // Airplane mode, and twelve hours later the token has expired; the app is opened afresh.
      await context.setOffline(true);
      await expireStoredToken(first);
      await first.close();
      const page = await coldStart(context, errors);
      await page.goto('/teachers/classesmobile');
      await heading(page, 'Classes').waitFor();
      await visibleText(page, 'Offline').waitFor();
      await visibleText(page, weekHeading ?? '').waitFor();
      await visibleText(page, /^Last updated \d\d:\d\d$/).waitFor();
      await visibleText(page, EXPIRED_PROMPT).waitFor();
      expect(new URL(page.url()).pathname).toBe('/teachers/classesmobile');

      // The register of last week's class is on the phone: the mark is taken and waits.
      await page.goto(`/teachers/class?id=${classId}`);
      const item = page.locator('.class-register').filter({ visible: true }).locator('ion-item').filter({ hasText: name });
      await item.getByRole('button', { name: 'ATTENDED' }).click();
      await item.getByRole('button', { name: 'ATTENDED', pressed: true }).waitFor();
      await item.getByText('Not sent yet').waitFor();
      await visibleText(page, 'Pending changes: 1').waitFor();

      // Back online, the phone still holds the mark: sending waits for the teacher to sign in.
      await context.setOffline(false);
      await visibleText(page, 'Please sign in again to send your changes. They are kept safely on this phone until then.').waitFor({ timeout: 30_000 });
      expect(await serverLine()).toEqual(line);
      await visibleText(page, 'Pending changes: 1').waitFor();

      // SIGN IN of that notice opens /login without ending the session: going back, the page still works.
      await page.locator('.sync-banner').getByRole('button', { name: 'SIGN IN' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/teachers/class');
      await visibleText(page, EXPIRED_PROMPT).waitFor();
      await visibleText(page, 'Pending changes: 1').waitFor();

      await page.locator('.expired-session-banner').getByRole('link', { name: 'LOG IN' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(`/teachers/class?id=${classId}`);
      await submitLogin(page, 'teacher');
      await page.waitForURL((url) => url.pathname === '/teachers/class');
      // The counter may read 0 for a moment while the page reloads its data: wait for the server.
      await expect.poll(async () => (await serverLine())?.statusId, { timeout: 30_000 }).toBe(2);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await visibleText(page, 'Sync issues (0)').waitFor();
      await expect(visibleText(page, EXPIRED_PROMPT).count()).resolves.toBe(0);
      // Exactly once: the line's version moved by one change.
      expect((await serverLine())?.version).toBe((line?.version ?? 0) + 1);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('an admin whose session expired', () => {
  it('is sent to /login as before, remembering the page', async () => {
    const { context, page, errors } = await openApp(browser, DESKTOP);
    try {
      await page.goto('/login');
      await page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), admin);
      await expireStoredToken(page);
      await page.goto('/courses');
      await heading(page, 'Log In').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/courses');
      await expect(page.getByText(EXPIRED_PROMPT).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
