import type { ClassItem } from '@rollbook/shared-types/classes';
import type { PushRequest, PushResponse } from '@rollbook/shared-types/sync';
import { DateTime } from 'luxon';
import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser, openApp, PHONE, type AppPage } from './app-driver';
import { api, apiSignIn, closedDays, type StoredUser } from './api-driver';
export { api, apiSignIn, type StoredUser } from './api-driver';

// Shared by the sync-*.test.ts browser tests: users and fixtures made through the API,
// the phone's outbox read from IndexedDB, and the server's truth read from PostgreSQL directly.

export const ATTENDED = 2;
export const ABSENT = 5;
export type Toggle = 'ATTENDED' | 'ABSENT';
export const statusOf = (toggle: Toggle): number => (toggle === 'ATTENDED' ? ATTENDED : ABSENT);

/** What every sync browser test file works with: one Chromium, the admin and the teacher. */
export interface SyncSuite {
  browser: Browser;
  admin: StoredUser;
  teacher: StoredUser;
  db: pg.Client;
}

/**
 * Starts a file's suite (call in beforeAll): Chromium, one API sign-in per user for the whole file
 * (each sign-in runs the slow password hash), and the server's database for checking rows.
 */
export async function startSyncSuite(): Promise<SyncSuite> {
  const browser = await launchBrowser();
  const [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
  return { browser, admin, teacher, db: await connectServerDatabase() };
}

export async function stopSyncSuite(suite: Partial<SyncSuite>): Promise<void> {
  await suite.browser?.close();
  await suite.db?.end();
}

/** The server's own database; these tests need PostgreSQL (TEST_DATABASE_URL, or a local one on 127.0.0.1:5432), not embedded PGlite. */
export async function connectServerDatabase(): Promise<pg.Client> {
  const url = inject('databaseUrl');
  if (!url) throw new Error('The sync browser tests read the server database directly: run them with PostgreSQL reachable (TEST_DATABASE_URL or 127.0.0.1:5432).');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Console errors other than those of requests made with no network (expected while offline). */
export const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
export const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });

/** Opens `path` signed in as `user` the way the sign-in form stores them, once the app works offline. */
export async function openSignedInPage(page: Page, user: StoredUser, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), user);
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await visibleText(page, /^Last updated \d\d:\d\d$/).waitFor({ timeout: 30_000 });
}

/** A fresh phone (own storage) signed in as the teacher. */
export async function openTeacherPhone(browser: Browser, teacher: StoredUser, path = '/teachers/classesmobile'): Promise<AppPage> {
  const app = await openApp(browser, PHONE);
  await openSignedInPage(app.page, teacher, path);
  return app;
}

/** A class's card on the phone's visible list. */
export const classCard = (page: Page, classId: number): Locator => page.locator(`[data-class-id="${classId}"]`).filter({ visible: true });

/** The dialog open on top (Ionic keeps the ones it closed in the page). */
export const shownDialog = (page: Page): Locator => page.locator('ion-modal.show-modal');

/** Opens a class's reschedule form from its card's pencil. */
export async function openRescheduleForm(page: Page, classId: number): Promise<Locator> {
  await classCard(page, classId).getByRole('button', { name: /^Reschedule class/ }).click();
  await page.getByRole('dialog', { name: 'Reschedule class' }).waitFor();
  return shownDialog(page);
}

async function pickTime(page: Page, dialog: Locator, label: 'Hour' | 'Minutes', value: string): Promise<void> {
  await dialog.locator('ion-select').filter({ hasText: label }).click();
  await page.locator('ion-popover').getByRole('radio', { name: value, exact: true }).click();
  await page.locator('ion-popover').waitFor({ state: 'detached' });
}

/** Reschedules a class from its card: a new start time (same day) and length, saved. */
export async function reschedule(page: Page, classId: number, hour: string, minute: string, length: number): Promise<void> {
  const dialog = await openRescheduleForm(page, classId);
  await pickTime(page, dialog, 'Hour', hour);
  await pickTime(page, dialog, 'Minutes', minute);
  await dialog.getByLabel('Duration in mins').fill(String(length));
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Another tab of the same phone (same storage), collecting its own errors. */
export async function openAnotherTab(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

export interface FixtureStudent {
  studentId: number;
  name: string;
}

export interface MarkingCourse {
  courseId: number;
  /** Oldest first; every one has ended, so the teacher may mark it. */
  classIds: number[];
  students: FixtureStudent[];
}

/**
 * A Live course of the demo teacher with `classes` daily classes that have all ended and `students`
 * enrolled (each with a name no other student has, so the register line is found by name).
 * Made through the admin API, the way the office would.
 */
export async function createMarkingCourse(admin: StoredUser, teacher: StoredUser, db: pg.Client, size: { classes: number; students: number }): Promise<MarkingCourse> {
  const teacherId = teacher.roles.find((role) => role.name === 'Teacher')?.entityId ?? teacher.roles[0]?.entityId ?? 0;
  const { rows } = await db.query<{ student_id: number; name: string }>(
    `select student_id, trim(first_name || ' ' || last_name) as name from students s
      where (select count(*) from students t where trim(t.first_name || ' ' || t.last_name) = trim(s.first_name || ' ' || s.last_name)) = 1
      order by student_id limit $1`,
    [size.students],
  );
  if (rows.length < size.students) throw new Error(`Only ${rows.length} students with unique names`);
  const [rate] = await api<{ teacherRateId: number }[]>(admin, `/api/teachers/GetTeachersRateByTeacherId?id=${teacherId}&onlyActive=true`);
  const london = DateTime.now().setZone('Europe/London');
  // The generator skips closure days (bank holidays): count back over open days only, from the day
  // before yesterday, so the series still ends before today whatever the closures.
  const closed = await closedDays(admin);
  let first = london.minus({ days: 1 });
  for (let open = 0; open < size.classes; ) {
    first = first.minus({ days: 1 });
    if (!closed.has(first.toISODate()!)) open += 1;
  }
  const dmy = (date: DateTime) => `${date.day}/${date.month}/${date.year}`;
  const course = await api<{ courseId: number }>(admin, '/api/courses/upsert', {
    title: `Offline sync ${Date.now()}`, description: 'Classes marked on a phone with no signal', typeId: 1, subjectId: 1,
    courseLevelId: 3, companyId: 1, startDateString: dmy(first), endDateString: dmy(london.plus({ months: 3 })),
    duration: size.classes, classLengthTemplate: 60, price: 100, courseStatusId: 2,
  });
  await api(admin, '/api/courses/UpdateStudentStatus', { courseId: course.courseId, students: rows.map((row) => ({ studentId: row.student_id, statusId: 1 })) });
  const generated = await api<{ classes: ClassItem[] }>(admin, '/api/classes/GenerateClasses', {
    courseId: course.courseId, teacherId, teacherRateId: rate?.teacherRateId, time: '06:00', scheduleId: 6,
    startDateString: dmy(first), numberOfClasses: size.classes, classLength: 30, allowClashes: true,
  });
  const classIds = [...generated.classes].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)).map((cls) => cls.classId);
  if (classIds.length !== size.classes) throw new Error(`Generated ${classIds.length} classes, wanted ${size.classes}`);
  return { courseId: course.courseId, classIds, students: rows.map((row) => ({ studentId: row.student_id, name: row.name })) };
}

/** The visible register of the class page (/teachers/class?id=…). */
export const register = (page: Page): Locator => page.locator('.class-register').filter({ visible: true });

/** Clicks a student's toggle on the open register and waits until it shows as selected. */
export async function markOnRegister(page: Page, student: string, toggle: Toggle): Promise<void> {
  const line = register(page).getByRole('group', { name: `Attendance of ${student}`, exact: true });
  await line.getByRole('button', { name: toggle }).click();
  await line.getByRole('button', { name: toggle, pressed: true }).waitFor();
}

/** Opens a class's register on the phone (works offline: the page and the data are on the phone). */
export async function openRegister(page: Page, classId: number, firstStudent: string): Promise<void> {
  await page.goto(`/teachers/class?id=${classId}`);
  await register(page).getByRole('group', { name: `Attendance of ${firstStudent}`, exact: true }).waitFor();
}

export interface QueuedRow {
  seq: number;
  mutationId: string;
  status: string;
}

/** The user's outbox as stored in the phone's IndexedDB (Dexie database rollbook-u<userId>). */
export function outboxRows(page: Page, userId: number): Promise<QueuedRow[]> {
  return page.evaluate(
    (name) =>
      new Promise<QueuedRow[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve((request.result as QueuedRow[]).map(({ seq, mutationId, status }) => ({ seq, mutationId, status })));
          };
        };
      }),
    `rollbook-u${userId}`,
  );
}

/** The installation's clientId, as the phone sends it with every push. */
export function clientIdOf(page: Page, userId: number): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('meta', 'readonly').objectStore('meta').get('clientId');
          request.onsuccess = () => {
            db.close();
            const value = (request.result as { value?: unknown } | undefined)?.value;
            if (typeof value === 'string') resolve(value);
            else reject(new Error('No clientId on this phone yet'));
          };
        };
      }),
    `rollbook-u${userId}`,
  );
}

export interface AppliedMutation {
  mutationId: string;
  seq: number;
  outcome: string;
}

/** What the server recorded for this installation, in seq order. */
export async function appliedMutations(db: pg.Client, clientId: string): Promise<AppliedMutation[]> {
  const { rows } = await db.query<{ mutation_id: string; seq: number; outcome: string }>(
    'select mutation_id, seq, outcome from applied_mutations where client_id = $1 order by seq',
    [clientId],
  );
  return rows.map((row) => ({ mutationId: row.mutation_id, seq: row.seq, outcome: row.outcome }));
}

export interface AttendanceRow {
  statusId: number;
  version: number;
  markedBy: number | null;
}

/** Register lines of these classes, keyed 'classId:studentId'. */
export async function attendanceOf(db: pg.Client, classIds: number[]): Promise<Map<string, AttendanceRow>> {
  const { rows } = await db.query<{ class_id: number; student_id: number; status_id: number; version: number; marked_by: number | null }>(
    'select class_id, student_id, status_id, version, marked_by from class_attendance where class_id = any($1::int[])',
    [classIds],
  );
  return new Map(rows.map((row) => [`${row.class_id}:${row.student_id}`, { statusId: row.status_id, version: row.version, markedBy: row.marked_by }]));
}

export interface PushExchange {
  request: PushRequest;
  response: PushResponse | null;
}

/** Push requests the page makes and the answers it gets (null: the request failed), in order. */
export function recordPushes(page: Page): PushExchange[] {
  const exchanges: PushExchange[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().endsWith('/api/sync/push')) return;
    const exchange: PushExchange = { request: request.postDataJSON() as PushRequest, response: null };
    exchanges.push(exchange);
    void request.response().then(async (response) => {
      exchange.response = response ? ((await response.json()) as PushResponse) : null;
    }).catch(() => undefined);
  });
  return exchanges;
}
