import type { ClassRegister } from '@rollbook/shared-types/attendance';
import type { ClassListResponse } from '@rollbook/shared-types/classes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, PHONE, submitLogin } from './app-driver';
import { api, apiSignIn, type StoredUser } from './api-driver';

// Signing out forgets the teacher's cached classes, courses and students on the phone, but never a
// change they have not sent yet: it goes out when they sign in again.

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

/** Row counts of the user's offline database, read in the page. */
function countRows(page: Page, userId: number): Promise<Record<string, number>> {
  return page.evaluate(
    (name) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['classes', 'attendance', 'courses', 'students', 'outbox'];
          const tx = db.transaction(stores, 'readonly');
          const counts: Record<string, number> = {};
          for (const store of stores) {
            const request = tx.objectStore(store).count();
            request.onsuccess = () => {
              counts[store] = request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
        };
      }),
    `rollbook-u${userId}`,
  );
}

const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });

describe('signing out of the phone', () => {
  it('forgets the cached data, keeps the unsent change and sends it once the teacher signs in again', async () => {
    const lastWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=-1');
    const cls = lastWeek.classes.find((c) => c.courseStatusId === 2 && [2, 3].includes(c.seriesStatusId) && c.studentCount > 0);
    const register = await api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${cls?.classId}`);
    const line = register.students.find((l) => l.statusId !== 0);
    expect(cls && line).toBeTruthy();
    const toggle = line?.statusId === 5 ? 'ATTENDED' : 'ABSENT';

    const { context, page, errors } = await openApp(browser, PHONE);
    try {
      await page.goto('/login');
      await submitLogin(page, 'teacher');
      await heading(page, 'Home').waitFor();
      await page.goto(`/teachers/class?id=${cls?.classId}`);
      await visibleText(page, /^Last updated \d\d:\d\d$/).waitFor({ timeout: 30_000 });

      // The server cannot be reached for sending: the mark stays queued.
      await page.route('**/api/sync/push', (route) => route.abort('internetdisconnected'));
      const item = page.locator('.class-register').filter({ visible: true }).locator('ion-item').filter({ hasText: `${line?.firstName} ${line?.lastName}`.trim() });
      await item.getByRole('button', { name: toggle }).click();
      await item.getByText('Not sent yet').waitFor();
      await visibleText(page, 'Pending changes: 1').waitFor();
      const cached = await countRows(page, teacher.userId);
      expect(cached.classes).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'YES' }).click();
      await heading(page, 'Log In').waitFor();
      await expect.poll(() => countRows(page, teacher.userId)).toEqual({ classes: 0, attendance: 0, courses: 0, students: 0, outbox: 1 });

      await page.unroute('**/api/sync/push');
      await submitLogin(page, 'teacher');
      await heading(page, 'Home').waitFor();
      // The failed sends backed off a few seconds: the mark goes out when its retry is due.
      const serverMark = async () =>
        (await api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${cls?.classId}`)).students.find((l) => l.studentId === line?.studentId)?.statusId;
      await expect.poll(serverMark, { timeout: 30_000 }).toBe(toggle === 'ATTENDED' ? 2 : 5);
      await visibleText(page, 'Pending changes: 0').waitFor();
      await visibleText(page, 'Sync issues (0)').waitFor();
      // Signing in again downloads the teacher's data afresh.
      await visibleText(page, /^Last updated \d\d:\d\d$/).waitFor({ timeout: 30_000 });
      await expect.poll(async () => (await countRows(page, teacher.userId)).classes).toBeGreaterThan(0);
      expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
