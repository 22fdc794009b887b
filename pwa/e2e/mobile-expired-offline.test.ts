import type { ClassRegister } from '@rollbook/shared-types/attendance';
import type { ClassListResponse } from '@rollbook/shared-types/classes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, DESKTOP, heading, launchBrowser, openApp, PHONE, submitLogin } from './app-driver';

// A teacher's token runs out (12 hours) while the phone has no signal: the register can still be
// taken from the phone's copy, the mark waits on the phone while the app asks them to sign in
// again, and it reaches the server exactly once after they do. Admins still go back to /login.

interface StoredUser {
  token: string;
  userId: number;
  expiresAt: string;
}

const EXPIRED_PROMPT = 'Your session has expired, please log in again';

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;

async function apiSignIn(username: string): Promise<StoredUser> {
  const response = await fetch(`${baseUrl()}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Signing in ${username} failed: ${response.status}`);
  return (await response.json()) as StoredUser;
}

async function api<T>(user: StoredUser, path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${user.token}` } });
  if (!response.ok) throw new Error(`${path} failed: ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // One API sign-in per user for the whole file (the sign-in route is rate limited).
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
    const lastWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=-1');
    const cls = lastWeek.classes.find((c) => c.courseStatusId === 2 && [2, 3].includes(c.seriesStatusId) && c.studentCount > 0);
    const registerOf = () => api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${cls?.classId}`);
    const line = (await registerOf()).students.find((l) => l.statusId !== 0);
    expect(cls && line).toBeTruthy();
    const toggle = line?.statusId === 2 ? 'ABSENT' : 'ATTENDED';
    const name = `${line?.firstName} ${line?.lastName}`.trim();
    const serverLine = async () => (await registerOf()).students.find((l) => l.studentId === line?.studentId);

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
      await page.goto(`/teachers/class?id=${cls?.classId}`);
      const item = page.locator('.class-register').filter({ visible: true }).locator('ion-item').filter({ hasText: name });
      await item.getByRole('button', { name: toggle }).click();
      await item.getByRole('button', { name: toggle, pressed: true }).waitFor();
      await item.getByText('Not sent yet').waitFor();
      await visibleText(page, 'Pending changes: 1').waitFor();

      // Back online, the phone still holds the mark: sending waits for the teacher to sign in.
      await context.setOffline(false);
      await visibleText(page, 'Please sign in again to send your changes. They are kept safely on this phone until then.').waitFor({ timeout: 30_000 });
      expect(await serverLine()).toEqual(line);
      await visibleText(page, 'Pending changes: 1').waitFor();

      await page.locator('.expired-session-banner').getByRole('link', { name: 'LOG IN' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(`/teachers/class?id=${cls?.classId}`);
      await submitLogin(page, 'teacher');
      await page.waitForURL((url) => url.pathname === '/teachers/class');
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await expect(visibleText(page, EXPIRED_PROMPT).count()).resolves.toBe(0);

      // Exactly once: the status changed and the line's version moved by one change.
      const after = await serverLine();
      expect([after?.statusId, after?.version]).toEqual([toggle === 'ATTENDED' ? 2 : 5, (line?.version ?? 0) + 1]);
      await visibleText(page, 'Sync issues (0)').waitFor();
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
