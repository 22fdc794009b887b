import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './api-driver';
import { launchBrowser, openApp, openFromMenu, signIn, type AppPage } from './app-driver';
import { dialogOf, fill, fillGenerator, segment, shownDay, toast, typedDay, view } from './scheduling-driver';

// Closures as an admin uses them: a closure added on the Closures screen (reached from
// the side menu), then the class generator saying, before it creates anything, that it skipped it.

let browser: Browser;
let admin: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

// A Monday far enough ahead that no demo class or earlier run is near it; unique to this run.
const year = 2040 + (Date.now() % 40);
const mondayOfMarch = (y: number) => [1, 2, 3, 4, 5, 6, 7].map((d) => new Date(Date.UTC(y, 2, d))).find((d) => d.getUTCDay() === 1)!;
const first = mondayOfMarch(year);
const plusWeeks = (weeks: number) => new Date(first.getTime() + weeks * 7 * 86_400_000);
const closureName = `Staff training ${Date.now()}`;

describe('closures and the class generator', () => {
  it('adds a closure on the Closures screen, reached from the side menu', async () => {
    const { page } = admin;
    await openFromMenu(page, 'Closures');
    await view(page).getByText('Bank holiday', { exact: true }).first().waitFor();
    await view(page).getByRole('button', { name: 'ADD CLOSURE', exact: true }).click();
    const dialog = dialogOf(page, 'Add closure');
    await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
    await dialog.getByText('Please enter a closure name', { exact: true }).waitFor();
    await fill(dialog, 'Name', closureName);
    await fill(dialog, 'First day', typedDay(plusWeeks(1)));
    await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
    await toast(page, 'Closure successfully saved');
    await dialog.waitFor({ state: 'detached' });
    const row = view(page).locator('.closures-table tbody tr', { hasText: closureName });
    await row.waitFor();
    expect(await row.textContent()).toContain(shownDay(plusWeeks(1)));
    expect(admin.errors).toEqual([]);
  });

  it('shows the skipped date and its closure before creating the series, which keeps its count', async () => {
    const { page } = admin;
    const office = await apiSignIn('admin');
    const course = await api<{ courseId: number }>(office, '/api/courses/upsert', {
      title: `Closure course ${Date.now()}`, description: 'Around a closure day', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
      startDateString: typedDay(first), endDateString: typedDay(plusWeeks(10)), duration: 3, classLengthTemplate: 60, price: 100,
    });
    await page.goto(`/coursesform/${course.courseId}`);
    await segment(page, 'Classes').click();
    await view(page).getByRole('button', { name: 'GENERATE CLASSES', exact: true }).click();
    const dialog = dialogOf(page, 'Generate classes');
    await fillGenerator(dialog, { teacher: 'Pierre Moreau', schedule: 'Weekly', startDate: typedDay(first), hour: '06', minutes: '00', numberOfClasses: '3' });
    await dialog.getByRole('button', { name: 'CREATE CLASSES', exact: true }).click();

    const ask = page.getByRole('alertdialog', { name: 'Closure days skipped' });
    await ask.getByText(`${shownDay(plusWeeks(1))} (${closureName})`, { exact: false }).waitFor();
    expect(await view(page).locator('.course-classes-table tbody tr').count()).toBe(0); // nothing created yet
    await ask.getByRole('button', { name: 'CREATE CLASSES', exact: true }).click();
    const done = page.getByText('Classes successfully generated', { exact: true }).first();
    const clash = page.getByRole('alertdialog', { name: 'Double booking' });
    await Promise.race([done.waitFor(), clash.waitFor().catch(() => new Promise(() => undefined))]);
    if (await clash.isVisible()) await clash.getByRole('button', { name: 'CONTINUE', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    for (const date of [first, plusWeeks(2), plusWeeks(3)]) await view(page).locator('.course-classes-table tbody tr', { hasText: shownDay(date) }).waitFor();
    await expect.poll(() => view(page).locator('.course-classes-table tbody tr').count()).toBe(3);
    expect(await view(page).locator('.course-classes-table tbody tr', { hasText: shownDay(plusWeeks(1)) }).count()).toBe(0);
    // Chromium logs a double booking's 409 (the admin was asked); nothing else may fail.
    expect(admin.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });

  it('edits the closure into a range and deletes it after confirming', async () => {
    const { page } = admin;
    await openFromMenu(page, 'Closures');
    const row = view(page).locator('.closures-table tbody tr', { hasText: closureName });
    await row.getByRole('button', { name: `Edit ${closureName} ${shownDay(plusWeeks(1))}` }).click();
    const dialog = dialogOf(page, 'Edit closure');
    // Monday to Wednesday: the series' classes are on Mondays around it, so none is on the closure.
    const wednesday = new Date(plusWeeks(1).getTime() + 2 * 86_400_000);
    await fill(dialog, 'Last day (empty: one day)', typedDay(wednesday));
    await dialog.getByRole('button', { name: 'SAVE', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await view(page).locator('.closures-table tbody tr', { hasText: `${shownDay(plusWeeks(1))} - ${shownDay(wednesday)}` }).waitFor();

    await row.getByRole('button', { name: `Delete ${closureName} ${shownDay(plusWeeks(1))}` }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete confirmation' });
    await ask.getByRole('button', { name: 'DELETE', exact: true }).click();
    await toast(page, 'Closure deleted');
    await row.waitFor({ state: 'detached' });
    expect(admin.errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  });
});
