import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, type StoredUser } from './api-driver';
import { launchBrowser, openApp, openFromMenu, signIn, type AppPage } from './app-driver';
import { dialogOf, fill, fillGenerator, segment, shownDay, toast, typedDay, view } from './scheduling-driver';

// A closure added over classes already scheduled, as an admin does it: the closure's classes are
// listed, one is moved to the end of its course and one cancelled, confirmed once; the course then
// shows the moved class after its last one and the cancelled one gone.

let browser: Browser;
let admin: AppPage;
let office: StoredUser;

beforeAll(async () => {
  office = await apiSignIn('admin');
  browser = await launchBrowser();
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

// Mondays of a year no other browser test uses (closures-generator takes 2040-2079), unique to this run.
const year = 2081 + (Date.now() % 15);
const firstMonday = [1, 2, 3, 4, 5, 6, 7].map((d) => new Date(Date.UTC(year, 3, d))).find((d) => d.getUTCDay() === 1)!;
const week = (n: number) => new Date(firstMonday.getTime() + n * 7 * 86_400_000);
const closureName = `Heating repair ${Date.now()}`;
let courseId = 0;
// The generator rebuilds the course's title (company code, subject, level, start, minutes).
let courseTitle = '';

const classRows = () => view(admin.page).locator('.course-classes-table tbody tr');
const unexpectedErrors = () => admin.errors.filter((error) => !/status of 409/.test(error));

/** Adds a closure on the Closures screen, reached from the side menu (no last day: one day). */
async function addClosure(name: string, firstDay: Date, lastDay?: Date): Promise<void> {
  const { page } = admin;
  await openFromMenu(page, 'Closures');
  await view(page).getByRole('button', { name: 'ADD CLOSURE', exact: true }).click();
  const dialog = dialogOf(page, 'Add closure');
  await fill(dialog, 'Name', name);
  await fill(dialog, 'First day', typedDay(firstDay));
  if (lastDay) await fill(dialog, 'Last day (empty: one day)', typedDay(lastDay));
  await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
}

describe('adding a closure over scheduled classes', () => {
  it('has a course with four weekly classes', async () => {
    const { page } = admin;
    ({ courseId } = await api<{ courseId: number }>(office, '/api/courses/upsert', {
      title: `Closure moves ${Date.now()}`, description: 'Classes a closure falls on', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
      startDateString: typedDay(week(0)), endDateString: typedDay(week(12)), duration: 4, classLengthTemplate: 60, price: 100,
    }));
    await page.goto(`/coursesform/${courseId}`);
    await segment(page, 'Classes').click();
    await view(page).getByRole('button', { name: 'GENERATE CLASSES', exact: true }).click();
    const dialog = dialogOf(page, 'Generate classes');
    await fillGenerator(dialog, { teacher: 'Pierre Moreau', schedule: 'Weekly', startDate: typedDay(week(0)), hour: '07', minutes: '00', numberOfClasses: '4' });
    await dialog.getByRole('button', { name: 'CREATE CLASSES', exact: true }).click();
    await toast(page, 'Classes successfully generated');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => classRows().count()).toBe(4);
    courseTitle = (await api<{ title: string }>(office, `/api/courses/GetById?id=${courseId}`)).title;
    expect(unexpectedErrors()).toEqual([]);
  });

  it('lists the classes on the closure, asks for a choice for each, and saves the closure, the move and the cancellation on one CONFIRM', async () => {
    const { page } = admin;
    await addClosure(closureName, week(1), week(2));

    const listed = dialogOf(page, 'Classes on the closure');
    const rows = listed.locator('.closure-classes-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    for (const [i, date] of [week(1), week(2)].entries()) {
      const text = await rows.nth(i).textContent();
      expect(text).toContain(shownDay(date));
      expect(text).toContain('07:00 - 08:00');
      expect(text).toContain(courseTitle);
      expect(text).toContain('Pierre Moreau');
    }
    // Nothing is saved until every class has a choice and CONFIRM is pressed.
    await listed.getByRole('button', { name: 'CONFIRM', exact: true }).click();
    await listed.getByText('Please choose to move to the end or cancel each class on these dates', { exact: true }).waitFor();

    await rows.nth(0).getByRole('button', { name: 'MOVE TO END', exact: true }).click();
    await rows.nth(1).getByRole('button', { name: 'CANCEL CLASS', exact: true }).click();
    await listed.getByText('On CONFIRM: closure saved, 1 class moved to the end of its course, 1 cancelled.', { exact: true }).waitFor();
    await expect.poll(() => rows.nth(0).getByRole('button', { name: 'MOVE TO END', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await listed.getByRole('button', { name: 'CONFIRM', exact: true }).click();
    await toast(page, 'Closure successfully saved: 1 class moved to the end of its course, 1 cancelled');
    await listed.waitFor({ state: 'detached' });
    const closureRow = view(page).locator('.closures-table tbody tr', { hasText: closureName });
    expect(await closureRow.textContent()).toContain(`${shownDay(week(1))} - ${shownDay(week(2))}`);
    expect(unexpectedErrors()).toEqual([]);
  });

  it('shows the course with the moved class after its last one and the cancelled one gone', async () => {
    const { page } = admin;
    await page.goto(`/coursesform/${courseId}`);
    await segment(page, 'Classes').click();
    for (const date of [week(0), week(3), week(4)]) await view(page).locator('.course-classes-table tbody tr', { hasText: shownDay(date) }).waitFor();
    await expect.poll(() => classRows().count()).toBe(3);
    for (const date of [week(1), week(2)]) expect(await view(page).locator('.course-classes-table tbody tr', { hasText: shownDay(date) }).count()).toBe(0);
    expect(unexpectedErrors()).toEqual([]);
  });

  it("refuses to move a class of a course already past its minutes with the spec's message, saving nothing, then cancels it instead", async () => {
    const { page } = admin;
    // The office cuts the course to two classes: its three classes are now 60 minutes over.
    await api(office, '/api/courses/upsert', {
      courseId, title: courseTitle, description: 'Classes a closure falls on', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
      startDateString: typedDay(week(0)), endDateString: typedDay(week(12)), duration: 2, classLengthTemplate: 60, price: 100,
    });
    const name = `Snow day ${Date.now()}`;
    await addClosure(name, week(3));

    const listed = dialogOf(page, 'Classes on the closure');
    const row = listed.locator('.closure-classes-table tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'MOVE TO END', exact: true }).click();
    await listed.getByRole('button', { name: 'CONFIRM', exact: true }).click();
    await listed.getByRole('alert').getByText('Not enough minutes remaining', { exact: true }).waitFor();
    expect((await api<{ name: string }[]>(office, '/api/closures/getall')).some((c) => c.name === name)).toBe(false);

    await row.getByRole('button', { name: 'CANCEL CLASS', exact: true }).click();
    await listed.getByRole('button', { name: 'CONFIRM', exact: true }).click();
    await toast(page, 'Closure successfully saved: 1 class cancelled');
    await listed.waitFor({ state: 'detached' });
    await view(page).locator('.closures-table tbody tr', { hasText: name }).waitFor();

    await page.goto(`/coursesform/${courseId}`);
    await segment(page, 'Classes').click();
    await expect.poll(() => classRows().count()).toBe(2);
    expect(await view(page).locator('.course-classes-table tbody tr', { hasText: shownDay(week(3)) }).count()).toBe(0);
    // Chromium logs the refused save's 400: the admin was told why.
    expect(unexpectedErrors().filter((error) => !/status of 400/.test(error))).toEqual([]);
  });
});
