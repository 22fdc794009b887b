import type { ClassRegister } from '@rollbook/shared-types/attendance';
import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import type { Browser, Locator, Page } from 'playwright-core';
import { openApp, PHONE, type AppPage } from './app-driver';
import { connectServerDatabase } from './sync-driver';
import { api, type StoredUser } from './api-driver';
export { api, apiSignIn, type StoredUser } from './api-driver';

// Shared steps of the offline-sync browser tests (outage, conflict, wrong clock): signing in
// through the API, the teacher's phone with its register, and reading the phone's outbox.

export type Toggle = 'ATTENDED' | 'ABSENT';

export const registerOf = (admin: StoredUser, classId: number) => api<ClassRegister>(admin, `/api/students/GetStudentsByClassId?id=${classId}`);
/** The register without places that were cleared (status 0). */
export const onRegister = (register: ClassRegister) => register.students.filter((line) => line.statusId !== 0);
export const nameOf = (line: { firstName: string; lastName: string }) => `${line.firstName} ${line.lastName}`.trim();

/** A mark that changes something: absent for those who attended, attended for everyone else. */
export const markFor = (statusId: number): Toggle => (statusId === 2 ? 'ABSENT' : 'ATTENDED');
export const statusOf = (toggle: Toggle) => (toggle === 'ATTENDED' ? 2 : 5);

/** The admin marks through the online API, as the office would from the website. */
export async function adminMarks(admin: StoredUser, classId: number, studentId: number, statusId: number): Promise<void> {
  await api(admin, '/api/classes/UpdateClassAttendenceMultiple', [{ classId, studentId, statusId }]);
}

/** Last week's classes of the teacher (all ended, so markable) of an active course with at least `minStudents` on the register. */
export async function lastWeekClasses(teacher: StoredUser, minStudents: number): Promise<ClassItem[]> {
  const lastWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=-1');
  return lastWeek.classes.filter((cls) => cls.courseStatusId === 2 && [2, 3].includes(cls.seriesStatusId) && cls.studentCount >= minStudents);
}

export const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
export const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });
export const register = (page: Page) => page.locator('.class-register').filter({ visible: true });

export interface PhoneOptions {
  /** Runs on the new page before the app loads (e.g. installing a fake clock). */
  beforeLoad?: (page: Page) => Promise<void>;
}

/** The teacher's phone, signed in the way the sign-in form stores the user, on `path` with its data pulled. */
export async function openTeacherPhone(browser: Browser, teacher: StoredUser, path: string, options: PhoneOptions = {}): Promise<AppPage> {
  const app = await openApp(browser, PHONE);
  await options.beforeLoad?.(app.page);
  await app.page.goto('/login');
  await app.page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), teacher);
  await app.page.goto(path);
  await app.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return app;
}

/** Clicks a student's toggle in an open register and waits until it shows as selected. */
export async function mark(scope: Locator, student: string, toggle: Toggle): Promise<void> {
  const line = scope.locator('ion-item').filter({ hasText: student });
  await line.getByRole('button', { name: toggle }).click();
  await line.getByRole('button', { name: toggle, pressed: true }).waitFor();
}

/** Opens a class's register on the phone (from the cached data, so this works offline too). */
export async function openRegister(page: Page, classId: number, someStudent: string): Promise<Locator> {
  await page.goto(`/teachers/class?id=${classId}`);
  await register(page).locator('ion-item').filter({ hasText: someStudent }).waitFor({ timeout: 30_000 });
  return register(page);
}

export interface OutboxEntry {
  seq: number;
  mutationId: string;
  name: string;
  status: string;
  attempts: number;
  madeAt: string;
}

/** The phone's outbox as stored in IndexedDB (read without the app, so it shows what is really kept). */
export function outboxOf(page: Page, userId: number): Promise<OutboxEntry[]> {
  return page.evaluate((name) => new Promise<OutboxEntry[]>((resolve, reject) => {
    const opening = indexedDB.open(name);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const reading = db.transaction('outbox').objectStore('outbox').getAll();
      reading.onerror = () => reject(reading.error);
      reading.onsuccess = () => {
        db.close();
        resolve((reading.result as OutboxEntry[]).map(({ seq, mutationId, name: mutation, status, attempts, madeAt }) => ({ seq, mutationId, name: mutation, status, attempts, madeAt })));
      };
    };
  }), `rollbook-u${userId}`);
}

export interface AppliedMutation {
  mutationId: string;
  seq: number;
  name: string;
  outcome: string;
  madeAt: Date | null;
  appliedAt: Date;
}

/** The server's record of these changes (applied_mutations), in the order it applied them. */
export async function appliedMutations(mutationIds: string[]): Promise<AppliedMutation[]> {
  const client = await connectServerDatabase();
  try {
    const found = await client.query<AppliedMutation>(
      `select mutation_id as "mutationId", seq, name, outcome, made_at as "madeAt", applied_at as "appliedAt"
         from applied_mutations where mutation_id = any($1::uuid[]) order by applied_at, seq`,
      [mutationIds],
    );
    return found.rows;
  } finally {
    await client.end();
  }
}
