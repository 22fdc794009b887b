import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, signIn, type AppPage } from './app-driver';
import { dialogOf, fill, pick, segment, toast, view } from './scheduling-driver';

// The admin's scheduling lists and forms on the demo school: titles and headings by filter, the
// empty texts, the modals the lists open and the validation messages of the room and company forms.

let browser: Browser;
let admin: AppPage;

// The API allows a few sign-ins a minute per user: one for the whole file.
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('the courses list', () => {
  it.each([
    ['/courses?expiredClasses=true&statusId=2', 'Courses expiring / expired'],
    ['/courses?remaining=3&statusId=-1&showOnlyActiveAndCompleted=True', 'Courses ending / ended'],
    ['/courses?statusId=1', 'Draft courses'],
    ['/courses?showClassCountErrors=True', 'Courses with time discrepancies'],
    ['/courses', 'Courses'],
  ])('opened as %s is titled %s', async (path, title) => {
    const { page } = admin;
    await page.goto(path);
    await heading(page, title).waitFor();
    await view(page).locator('.courses-table, .sched-empty').first().waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('shows Active courses by default, says when none match and resets to Active', async () => {
    const { page } = admin;
    await page.goto('/courses?statusId=1');
    await heading(page, 'Draft courses').waitFor();
    const list = view(page);
    await list.getByRole('button', { name: 'Status, Draft', exact: true }).waitFor();

    await fill(list, 'Title', 'no course has this title');
    await list.getByText('No courses found', { exact: true }).waitFor();

    await list.getByRole('button', { name: 'RESET', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/courses' && url.search === '');
    await heading(page, 'Courses').waitFor();
    await view(page).getByRole('button', { name: 'Status, Active', exact: true }).waitFor();
    await view(page).locator('.courses-table tbody tr').first().waitFor();
    expect(await view(page).getByLabel('Title', { exact: true }).inputValue()).toBe('');

    await pick(view(page), 'Classes remaining', '3 or less');
    await heading(page, 'Courses ending / ended').waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('opens the students of a course from its enrolled count, and the course from its row', async () => {
    const { page } = admin;
    await page.goto('/courses');
    await heading(page, 'Courses').waitFor();
    const row = view(page).locator('.courses-table tbody tr').first();
    await row.getByRole('button', { name: /^Enrolled: / }).click();
    const modal = dialogOf(page, 'Students on course');
    await modal.getByRole('button', { name: 'Status, Enrolled', exact: true }).waitFor();
    await modal.locator('tbody tr').first().waitFor();
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await modal.waitFor({ state: 'detached' });

    const courseId = await row.getAttribute('data-course-id');
    await row.locator('td').nth(2).click();
    await page.waitForURL((url) => url.pathname === `/CoursesForm/${courseId}`);
    // An existing course opens in view mode.
    await view(page).getByRole('button', { name: 'Edit course details', exact: true }).waitFor();
    // (Polled: until Ionic's page transition ends, the list page leaving, with its Title filter, is still in view.)
    await expect.poll(() => view(page).getByLabel('Title', { exact: true }).count()).toBe(0);
    await view(page).getByRole('button', { name: 'Edit course details', exact: true }).click();
    await view(page).getByLabel('Title', { exact: true }).waitFor();
    await view(page).getByRole('button', { name: 'CANCEL', exact: true }).click();
    await view(page).getByRole('button', { name: 'Edit course details', exact: true }).waitFor();

    await segment(page, 'Students').click();
    await view(page).getByRole('heading', { name: /^Students \(\d+\)$/ }).waitFor();
    expect(admin.errors).toEqual([]);
  });
});

describe('the classes list', () => {
  it('heads the list with its counts, in the spec columns', async () => {
    const { page } = admin;
    await page.goto('/Classes');
    await heading(page, 'Classes').waitFor();
    const list = view(page);
    await list.getByRole('heading', { name: /^Classes - \d+ found \(\d+ students\)$/ }).waitFor();
    await list.getByRole('button', { name: 'Period, This Week', exact: true }).waitFor();
    const headers = (await list.locator('.classes-table thead th').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['Day', 'Date', 'Time', 'Course name', 'Subject', 'Level', 'Students', 'Teacher', 'Status']);
    expect(admin.errors).toEqual([]);
  });

  it('reads statusId from the address: the unmarked classes, whose status opens the register', async () => {
    const { page } = admin;
    await page.goto('/Classes?statusId=2');
    await heading(page, 'Classes').waitFor();
    const list = view(page);
    await list.getByRole('heading', { name: 'Unmarked classes', exact: true }).waitFor();
    await list.getByRole('button', { name: 'Status, Requires marking', exact: true }).waitFor();
    const first = list.locator('.classes-table tbody tr').first();
    await expect(first.textContent()).resolves.toContain('Requires marking');

    await first.getByRole('button', { name: /^Requires marking: open the class/ }).click();
    const modal = dialogOf(page, 'Mark attendance');
    await modal.getByRole('button', { name: 'ATTENDED', exact: true }).first().waitFor();
    await modal.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
  });

  it('says when no class matches', async () => {
    const { page } = admin;
    await page.goto('/Classes');
    await heading(page, 'Classes').waitFor();
    const list = view(page);
    await pick(list, 'Period', 'All');
    await fill(list, 'Course name', 'no course has this name');
    await list.getByText('No classes found', { exact: true }).waitFor();
    await list.getByRole('heading', { name: 'Classes - 0 found (0 students)', exact: true }).waitFor();
    expect(admin.errors).toEqual([]);
  });
});

describe('rooms', () => {
  it('adds a room after asking for its name and company, and shows its calendar from Monday', async () => {
    const { page } = admin;
    await page.goto('/rooms');
    await heading(page, 'Rooms').waitFor();
    await view(page).locator('.rooms-table tbody tr').first().waitFor();
    await view(page).getByRole('button', { name: 'ADD ROOM', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/roomsForm');
    const form = view(page);
    expect(await form.getByLabel('Capacity', { exact: true }).inputValue()).toBe('10');

    await form.getByRole('button', { name: 'SAVE', exact: true }).click();
    await form.getByText('Please enter a room name', { exact: true }).waitFor();
    await form.getByText('Please select a company', { exact: true }).waitFor();

    const name = `Test room ${Date.now()}`;
    await fill(form, 'Name', name);
    await pick(form, 'Company', 'Acme Logistics Ltd');
    await form.getByRole('button', { name: 'SAVE', exact: true }).click();
    await toast(page, 'Room successfully saved');
    await page.waitForURL((url) => /^\/roomsForm\/\d+$/.test(url.pathname));
    // The new room's page replaces the blank form's.
    await expect.poll(() => view(page).count()).toBe(1);

    await segment(page, 'Calendar').click();
    const calendar = view(page).locator('.calendar-view');
    await calendar.locator('.fc-col-header-cell').first().waitFor();
    const firstDay = await calendar.locator('.fc-col-header-cell').first().textContent();
    expect(firstDay).toMatch(/^Mon/);

    await page.goto('/rooms');
    await view(page).locator('.rooms-table tbody tr', { hasText: name }).waitFor();
    expect(admin.errors).toEqual([]);
  });
  it('asks before leaving a room form with unsaved changes', async () => {
    const { page } = admin;
    await page.goto('/roomsForm/1');
    await heading(page, 'Room').waitFor();
    const form = view(page);
    await form.getByLabel('Name', { exact: true }).waitFor();
    await fill(form, 'Name', 'A name not saved');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Rooms', { exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Form has unsaved changes' });
    await ask.getByText('Do you wish to leave without saving?', { exact: true }).waitFor();
    await ask.getByRole('button', { name: 'NO', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/roomsForm/1');

    await menu.getByText('Rooms', { exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Form has unsaved changes' }).getByRole('button', { name: 'YES', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/rooms');
    await heading(page, 'Rooms').waitFor();
    expect(admin.errors).toEqual([]);
  });
});

describe('companies', () => {
  it('adds a company after showing its messages, returns to the list, and keeps secondary addresses', async () => {
    const { page } = admin;
    await page.goto('/companies');
    await heading(page, 'Companies').waitFor();
    await view(page).getByRole('button', { name: 'ADD COMPANY', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/companiesform');
    const form = view(page);
    await form.getByRole('button', { name: 'SAVE', exact: true }).click();
    for (const message of ['Please enter a company name', 'Please enter a company code', 'Please enter an address', 'Please enter a town',
      'Please enter a post code', 'Please enter a contact name', 'Please enter a job title']) {
      await form.getByText(message, { exact: true }).first().waitFor();
    }

    const code = `T${Date.now() % 1_000_000}`;
    const name = `Test company ${code}`;
    await fill(form, 'Company name', name);
    await fill(form, 'Code', code);
    await fill(form, 'Address', '1 High Street');
    await fill(form, 'Town', 'Leeds');
    await fill(form, 'Post code', 'LS1 1AA');
    const primary = form.locator('fieldset', { hasText: 'Primary contact' });
    await fill(primary, 'Name', 'Pat Jones');
    await fill(primary, 'Job title', 'Office manager');
    await fill(primary, 'Email', 'not an email');
    await form.getByRole('button', { name: 'SAVE', exact: true }).click();
    await form.getByText('Please enter a valid email address', { exact: true }).waitFor();
    await fill(primary, 'Email', 'pat@example.com');
    await form.getByRole('button', { name: 'SAVE', exact: true }).click();
    await toast(page, 'Company successfully saved');
    await page.waitForURL((url) => url.pathname === '/companies');

    const row = view(page).locator('.companies-table tbody tr', { hasText: name });
    await row.click();
    await page.waitForURL((url) => /^\/companiesForm\/\d+$/.test(url.pathname));
    const addresses = view(page).locator('.company-addresses');
    await addresses.getByText('No secondary addresses currently', { exact: true }).waitFor();
    await addresses.getByRole('button', { name: 'ADD ADDRESS', exact: true }).click();
    const modal = dialogOf(page, 'Add address');
    await modal.getByRole('button', { name: 'SAVE', exact: true }).click();
    await modal.getByText('Please enter an address', { exact: true }).waitFor();
    await fill(modal, 'Address', '2 Station Road');
    await fill(modal, 'Town', 'York');
    await fill(modal, 'Post code', 'YO1 1AA');
    await modal.getByRole('button', { name: 'SAVE', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    await addresses.locator('tbody tr', { hasText: '2 Station Road' }).waitFor();
    expect(admin.errors).toEqual([]);
  });
});
