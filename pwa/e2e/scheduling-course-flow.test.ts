import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, signIn, type AppPage } from './app-driver';
import { apiSignIn, closedDays } from './api-driver';
import { dialogOf, fill, fillGenerator, pick, segment, toast, view } from './scheduling-driver';

// The scheduling core as an admin does it in a browser: a course, its students, ten weekly
// classes starting weeks ago, a past class marked, then classes rescheduled and moved to the end.
// The weeks are chosen clear of closures (bank holidays included), so the generator and move to
// end land on the dates computed here whatever today's date is; closures-generator and
// closure-over-classes test the days they skip.

const LONDON = 'Europe/London';
const dmy = (d: DateTime) => d.toFormat('dd/MM/yyyy');
const typed = (d: DateTime) => d.toFormat('d/M/yyyy');

/** Goes ahead through the double-booking warning when there is one (demo timetables may overlap). */
async function continueThroughClash(page: Page, done: Locator) {
  const clash = page.getByRole('alertdialog', { name: 'Double booking' });
  // The loser keeps waiting until its timeout: its failure is of no interest.
  await Promise.race([done.waitFor(), clash.waitFor().catch(() => new Promise(() => undefined))]);
  if (await clash.isVisible()) {
    await clash.getByRole('button', { name: 'CONTINUE', exact: true }).click();
    await done.waitFor();
  }
}

const classRow = (page: Page, date: DateTime) => view(page).locator('.course-classes-table tbody tr', { hasText: dmy(date) });

let browser: Browser;
let admin: AppPage;

// Chromium logs every failed request: a double booking answered 409 is expected (the admin is asked).
const unexpectedErrors = () => admin.errors.filter((error) => !/status of 409/.test(error));

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The first of ten weekly classes, about four weeks ago and never on today's weekday (no class
 * today), such that none of the ten nor the two slots after them (where moved classes go) is shut.
 */
function firstClassClearOfClosures(today: DateTime, closed: Set<string>): DateTime {
  const offsets = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13];
  for (const offset of offsets) {
    const first = today.minus({ weeks: 4 }).plus({ days: offset });
    if (Array.from({ length: 12 }, (_, i) => first.plus({ weeks: i }).toISODate()!).every((day) => !closed.has(day))) return first;
  }
  throw new Error('No weekday in the coming fortnight has twelve weeks clear of closures');
}

describe('a course from creation to marking and rescheduling', () => {
  const today = DateTime.now().setZone(LONDON).startOf('day');
  // Ten weekly classes, the first about four weeks ago: some past, the rest to come.
  let firstClass: DateTime = today;
  let classDates: DateTime[] = [];
  let pastClasses = 0;
  beforeAll(async () => {
    firstClass = firstClassClearOfClosures(today, await closedDays(await apiSignIn('admin')));
    classDates = Array.from({ length: 10 }, (_, i) => firstClass.plus({ weeks: i }));
    pastClasses = classDates.filter((d) => d < today).length;
  });
  const description = `Browser test course ${Date.now()}`;
  let courseUrl = '';
  let courseTitle = '';

  it('creates a course with the form, after showing the messages of an empty one', async () => {
    const { page } = admin;
    await page.goto('/courses');
    await heading(page, 'Courses').waitFor();
    await view(page).getByRole('button', { name: 'ADD COURSE', exact: true }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === '/coursesform');
    const form = view(page);
    await form.getByRole('heading', { name: 'Course details' }).waitFor();

    await form.getByRole('button', { name: 'SAVE', exact: true }).click();
    for (const message of ['Please enter a compnay name', 'Please enter a description', 'Please select a type', 'Please select a subject',
      'Please select a level', 'Please select a company', 'Please enter a Start Date', 'Please enter an End Date', 'Please enter a price']) {
      await form.getByText(message, { exact: true }).waitFor();
    }

    await fill(form, 'Title', 'Browser test course');
    await form.getByLabel('Description').fill(description);
    await pick(form, 'Type', 'Group');
    await pick(form, 'Subject', 'English');
    await pick(form, 'Level', 'B1');
    await pick(form, 'Company', 'Acme Logistics Ltd');
    await fill(form, 'Start date', '29/2/2027');
    await form.getByLabel('End date', { exact: true }).click();
    await form.getByText('Please enter a valid date as d/m/yyyy', { exact: true }).waitFor();
    await fill(form, 'Start date', typed(firstClass.minus({ days: 1 })));
    await fill(form, 'End date', typed(today.plus({ weeks: 20 })));
    await fill(form, 'Number of classes', '10');
    await fill(form, 'Class length (mins)', '60');
    await fill(form, 'Price (£)', '£1,200');
    await expect.poll(() => form.getByLabel('Price (£)', { exact: true }).inputValue()).toBe('1200');
    await form.getByRole('button', { name: 'SAVE', exact: true }).click();

    await toast(page, 'Course successfully updated');
    await page.waitForURL((url) => /^\/coursesform\/\d+$/i.test(url.pathname));
    courseUrl = new URL(page.url()).pathname;
    // The new course's page replaces the blank form's.
    await expect.poll(() => view(page).count()).toBe(1);
    // An existing course opens in view mode, with the pencil to edit it.
    await view(page).getByRole('button', { name: 'Edit course details', exact: true }).waitFor();
    await view(page).getByText(description, { exact: true }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it('enrols two students', async () => {
    const { page } = admin;
    await segment(page, 'Students').click();
    await view(page).getByText('No students have been added', { exact: true }).waitFor();
    await view(page).getByRole('button', { name: 'ADD STUDENTS', exact: true }).click();
    const dialog = dialogOf(page, 'Add students');
    await dialog.getByLabel('Name', { exact: true }).fill('Ahmed');
    await dialog.getByRole('checkbox', { name: 'Choose Liam Ahmed' }).click();
    await dialog.getByRole('checkbox', { name: 'Choose Min-jun Ahmed' }).click();
    await dialog.getByRole('button', { name: 'ADD', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const students = view(page).locator('.course-students tbody tr');
    await expect.poll(() => students.count()).toBe(2);
    await view(page).getByRole('heading', { name: 'Students (2)' }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it('generates ten weekly classes starting four weeks ago', async () => {
    const { page } = admin;
    await segment(page, 'Classes').click();
    await view(page).getByText('No classes currently', { exact: true }).waitFor();
    await view(page).getByRole('button', { name: 'GENERATE CLASSES', exact: true }).click();
    const dialog = dialogOf(page, 'Generate classes');
    await dialog.getByText('600 of 600 minutes left to generate', { exact: false }).waitFor();

    await fillGenerator(dialog, { teacher: 'Pierre Moreau', schedule: 'Weekly', startDate: typed(firstClass), hour: '06', minutes: '15' });
    await expect.poll(() => dialog.getByLabel('Number of classes', { exact: true }).inputValue()).toBe('10');

    // One class more than the course has minutes for is refused inline.
    await fill(dialog, 'Number of classes', '11');
    await dialog.getByRole('button', { name: 'CREATE CLASSES', exact: true }).click();
    await dialog.getByText("Sorry, you don't have enough time left to generate this class or classes!", { exact: true }).waitFor();

    await fill(dialog, 'Number of classes', '10');
    await dialog.getByRole('button', { name: 'CREATE CLASSES', exact: true }).click();
    await continueThroughClash(page, page.getByText('Classes successfully generated', { exact: true }).first());
    await dialog.waitFor({ state: 'detached' });

    for (const date of classDates) await classRow(page, date).waitFor();
    expect(await view(page).locator('.course-classes-table tbody tr').count()).toBe(10);
    await expect(classRow(page, classDates[0]!).textContent()).resolves.toContain('06:15 - 07:15');
    await expect(classRow(page, classDates[0]!).textContent()).resolves.toContain('Requires marking');
    await expect(classRow(page, classDates[9]!).textContent()).resolves.toContain('Scheduled');

    // The generator rebuilt the title: company code first, minutes last.
    courseTitle = (await view(page).locator('.course-form__title').textContent()) ?? '';
    expect(courseTitle).toMatch(/^ACME .*600m$/);

    // No minutes are left now: the generator says so in an alert.
    await view(page).getByRole('button', { name: 'GENERATE CLASSES', exact: true }).click();
    const again = dialogOf(page, 'Generate classes');
    await fillGenerator(again, { teacher: 'Pierre Moreau', schedule: 'Weekly', startDate: typed(today), hour: '06', minutes: '00', numberOfClasses: '1' });
    await again.getByRole('button', { name: 'CREATE CLASSES', exact: true }).click();
    const alert = page.getByRole('alertdialog', { name: 'Sorry!' });
    await alert.getByText('No minutes remaining', { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'OK', exact: true }).click();
    await alert.waitFor({ state: 'detached' }).catch(() => undefined);
    await again.getByRole('button', { name: 'CANCEL', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    expect(unexpectedErrors()).toEqual([]);
  });

  it('refuses marks while the course is a Draft, then marks a past class once it is Active', async () => {
    const { page } = admin;
    const past = classDates[0]!;
    // A new course is a Draft: its classes can not be marked yet.
    await classRow(page, past).getByRole('button', { name: /^Requires marking/ }).click();
    const draft = dialogOf(page, 'Mark attendance');
    await draft.locator('tbody tr', { hasText: 'Liam Ahmed' }).getByRole('button', { name: 'ATTENDED', exact: true }).click();
    await toast(page, 'You can not mark classes for a draft course');
    await draft.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await draft.waitFor({ state: 'detached' });

    await segment(page, 'Details').click();
    const status = view(page).locator('.course-status');
    await pick(status, 'Status', 'Active');
    await status.getByRole('button', { name: 'UPDATE STATUS', exact: true }).click();
    await toast(page, 'Course successfully updated');
    await expect.poll(() => view(page).locator('.course-details-view').textContent()).toContain('Active');

    await segment(page, 'Classes').click();
    await classRow(page, past).getByRole('button', { name: /^Requires marking/ }).click();
    const dialog = dialogOf(page, 'Mark attendance');
    const liam = dialog.locator('tbody tr', { hasText: 'Liam Ahmed' });
    const minJun = dialog.locator('tbody tr', { hasText: 'Min-jun Ahmed' });
    await liam.waitFor();
    await expect(liam.textContent()).resolves.toContain('Pending');

    await liam.getByRole('button', { name: 'ATTENDED', exact: true }).click();
    await expect.poll(() => liam.textContent()).toContain('Attended');
    // A screen reader hears which mark is chosen: the chosen button is pressed, the other is not.
    await liam.getByRole('button', { name: 'ATTENDED', exact: true, pressed: true }).waitFor();
    await liam.getByRole('button', { name: 'ABSENT', exact: true, pressed: false }).waitFor();
    // Clicking the selected mark clears it: back to pending.
    await liam.getByRole('button', { name: 'ATTENDED', exact: true }).click();
    await expect.poll(() => liam.textContent()).toContain('Pending');
    await liam.getByRole('button', { name: 'ATTENDED', exact: true, pressed: false }).waitFor();
    await liam.getByRole('button', { name: 'ATTENDED', exact: true }).click();
    await minJun.getByRole('button', { name: 'ABSENT', exact: true }).click();
    await expect.poll(() => minJun.textContent()).toContain('Absent');
    await minJun.getByRole('button', { name: 'ABSENT', exact: true, pressed: true }).waitFor();
    await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
    await toast(page, 'Attendance successfully saved');
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => classRow(page, past).textContent()).toContain('Marked');
    // A Marked class can no longer be rescheduled or moved.
    expect(await classRow(page, past).getByRole('button', { name: /^Reschedule/ }).count()).toBe(0);

    // The register shows the saved marks.
    await classRow(page, past).getByRole('button', { name: /^Marked/ }).click();
    const again = dialogOf(page, 'Mark attendance');
    await expect.poll(() => again.locator('tbody tr', { hasText: 'Liam Ahmed' }).textContent()).toContain('Attended');
    await expect(again.locator('tbody tr', { hasText: 'Min-jun Ahmed' }).textContent()).resolves.toContain('Absent');
    await again.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    expect(unexpectedErrors()).toEqual([]);
  });

  it('shows the marked class as Marked in the classes list', async () => {
    const { page } = admin;
    await page.goto('/Classes');
    await heading(page, 'Classes').waitFor();
    const list = view(page);
    await list.getByLabel('Course name', { exact: true }).fill(courseTitle);
    await pick(list, 'Period', 'All');
    await list.getByRole('heading', { name: 'Classes - 10 found (20 students)' }).waitFor();
    const row = list.locator('.classes-table tbody tr', { hasText: dmy(classDates[0]!) });
    await expect.poll(() => row.textContent()).toContain('Marked');
    await expect(list.locator('.classes-table tbody tr', { hasText: dmy(classDates[1]!) }).textContent()).resolves.toContain('Requires marking');

    // Status 2 is the unmarked list.
    await pick(list, 'Status', 'Requires marking');
    await list.getByRole('heading', { name: 'Unmarked classes' }).waitFor();
    // The past classes but the one marked.
    await expect.poll(() => list.locator('.classes-table tbody tr').count()).toBe(pastClasses - 1);

    // The course name opens the course.
    await list.locator('.classes-table tbody tr', { hasText: dmy(classDates[1]!) }).getByRole('link', { name: courseTitle }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === courseUrl.toLowerCase());
    expect(unexpectedErrors()).toEqual([]);
  });

  it('reschedules a class to another day and time', async () => {
    const { page } = admin;
    await page.goto(courseUrl);
    await segment(page, 'Classes').click();
    const moving = classDates[6]!;
    const newDate = moving.plus({ days: 1 });
    await classRow(page, moving).getByRole('button', { name: /^Reschedule/ }).click();
    const dialog = dialogOf(page, 'Reschedule class');
    await expect.poll(() => dialog.getByLabel('Class date', { exact: true }).inputValue()).toBe(dmy(moving));
    await fill(dialog, 'Class date', typed(newDate));
    await pick(dialog, 'Hour', '06');
    await pick(dialog, 'Minutes', '35');
    await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
    await continueThroughClash(page, page.getByText('Class successfully rescheduled', { exact: true }).first());
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => classRow(page, newDate).textContent()).toContain('06:35 - 07:35');
    expect(await classRow(page, moving).count()).toBe(0);
    expect(unexpectedErrors()).toEqual([]);
  });

  it('moves classes to the end of the course, from the dialog and from the list, after confirming', async () => {
    const { page } = admin;
    const last = classDates[9]!;

    await classRow(page, classDates[7]!).getByRole('button', { name: /^Reschedule/ }).click();
    const dialog = dialogOf(page, 'Reschedule class');
    await dialog.getByRole('button', { name: 'MOVE TO END', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Move to end' });
    await confirm.getByText('Are you sure you wish to move this class to the end of the course?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'CONFIRM', exact: true }).click();
    await continueThroughClash(page, page.getByText('Class moved to the end of the course', { exact: true }).first());
    await dialog.waitFor({ state: 'detached' });
    // One week after the last class, on the series' schedule.
    await classRow(page, last.plus({ weeks: 1 })).waitFor();
    expect(await classRow(page, classDates[7]!).count()).toBe(0);

    await classRow(page, classDates[8]!).getByRole('button', { name: /^Move the class/ }).click();
    const ask = page.getByRole('alertdialog', { name: 'Move to end' });
    await ask.getByText('You are moving this class to the end of the course. Are you sure?', { exact: true }).waitFor();
    await ask.getByRole('button', { name: 'YES', exact: true }).click();
    await classRow(page, last.plus({ weeks: 2 })).waitFor();
    expect(await classRow(page, classDates[8]!).count()).toBe(0);
    expect(await view(page).locator('.course-classes-table tbody tr').count()).toBe(10);
    expect(unexpectedErrors()).toEqual([]);
  });
  it('manages enrolment and classes: a marked student stays, one class is dropped for a student, a class is deleted, the course cloned', async () => {
    const { page } = admin;
    await segment(page, 'Students').click();
    const liam = view(page).locator('.course-students tbody tr', { hasText: 'Liam Ahmed' });
    // Marked classes keep Liam on the course: no bin, the reason instead.
    await liam.getByRole('img', { name: 'Liam Ahmed: This student has marked or paid classes on this course and can not be removed' }).waitFor();
    expect(await liam.getByRole('button', { name: 'Remove Liam Ahmed', exact: true }).count()).toBe(0);

    // Min-jun is taken off one class to come.
    const future = classDates[5]!;
    await view(page).locator('.course-students tbody tr', { hasText: 'Min-jun Ahmed' }).getByRole('button', { name: 'Classes of Min-jun Ahmed', exact: true }).click();
    const override = dialogOf(page, 'Enrolment override - Min-jun Ahmed');
    await override.getByRole('switch', { name: `Enrolled on the class of ${dmy(future)}` }).click();
    await override.getByRole('button', { name: 'SAVE', exact: true }).click();
    await toast(page, 'Enrolment successfully updated');
    await override.waitFor({ state: 'detached' });
    await segment(page, 'Classes').click();
    await expect.poll(() => classRow(page, future).locator('td').nth(6).textContent()).toBe('1');

    // DELETE CLASS takes this class only.
    const rows = view(page).locator('.course-classes-table tbody tr');
    await classRow(page, classDates[9]!).getByRole('button', { name: `Delete the class of ${dmy(classDates[9]!)}`, exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete class' });
    await ask.getByRole('button', { name: 'DELETE CLASS', exact: true }).click();
    await toast(page, '1 class deleted');
    await expect.poll(() => rows.count()).toBe(9);
    expect(await classRow(page, classDates[9]!).count()).toBe(0);

    // A clone is a Draft with no start date, opened at once.
    await segment(page, 'Details').click();
    await view(page).locator('.course-status').getByRole('button', { name: 'CLONE', exact: true }).click();
    await toast(page, 'Course successfully cloned');
    await page.waitForURL((url) => /^\/coursesform\/\d+$/i.test(url.pathname) && url.pathname.toLowerCase() !== courseUrl.toLowerCase());
    const clone = view(page).locator('.course-details-view');
    await expect.poll(() => clone.locator('div', { hasText: /^Status/ }).last().textContent()).toBe('StatusDraft');
    await expect(clone.locator('div', { hasText: /^Start date/ }).last().textContent()).resolves.toBe('Start date—');
    expect(unexpectedErrors()).toEqual([]);
  });
});
