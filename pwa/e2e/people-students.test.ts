import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser } from './app-driver';
import { apiAs, apiSignIn, countRequests, expectToast, openSignedIn, openTab, unique } from './people-driver';

interface ListedStudent {
  studentId: number;
  lastName: string;
  currentCourses: string;
  hasLogin: boolean;
}

let browser: Browser;
let admin: Awaited<ReturnType<typeof apiSignIn>>;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn('admin');
  api = apiAs(admin);
});
afterAll(async () => {
  await browser?.close();
});

const newStudent = (lastName = `Tester${unique()}`) =>
  api<{ studentId: number; lastName: string }>('/api/students/upsert', {
    method: 'POST',
    body: { firstName: 'Tess', lastName, email: `tess.${unique()}@example.org`, companyId: 1, address1: '3 Church Street' },
  });

/** Picks an option of an Ionic select (its popover lists the options as radios). */
async function choose(page: Page, label: string, option: string) {
  await page.locator('ion-select:visible', { hasText: label }).first().click();
  await page.locator('ion-popover').getByRole('radio', { name: option }).click();
  await page.locator('ion-popover').waitFor({ state: 'detached' });
}

describe('students list (admin)', () => {
  it('shows every student 100 a page with their courses and access, and filters by status and name', async () => {
    const all = await api<{ total: number; students: ListedStudent[] }>('/api/students/getall?statusId=-1');
    const inactive = await api<{ total: number }>('/api/students/getall?statusId=0');
    const { context, page, errors } = await openSignedIn(browser, admin, '/students');
    try {
      await heading(page, `Students - ${all.total} found`).waitFor();
      const table = page.locator('table.people-table');
      expect(await table.locator('thead th').allTextContents()).toEqual([
        'First name', 'Last name', 'Mobile', 'Email', 'Company', 'Current courses', 'Status', 'Online access',
      ]);
      expect(await table.locator('tbody tr').count()).toBe(Math.min(all.total, 100));

      const enrolled = all.students.find((s) => s.currentCourses !== '') as ListedStudent;
      const [subject, colour] = (enrolled.currentCourses.split(',')[0] as string).split('|') as [string, string];
      const pill = table.locator('tr', { has: page.getByRole('cell', { name: enrolled.lastName, exact: true }) }).locator('.subject-pill', { hasText: subject }).first();
      const hex = await pill.evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
      expect(hex).toBe(`rgb(${r}, ${g}, ${b})`);
      expect(await table.getByRole('img', { name: 'Has online access' }).count()).toBe(all.students.filter((s) => s.hasLogin).length);

      if (all.total > 100) {
        await page.getByRole('navigation', { name: 'Pages' }).getByText('Page 1 of 2').waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Page 2 of 2').waitFor();
        expect(await table.locator('tbody tr').count()).toBe(all.total - 100);
      }

      await choose(page, 'Status', 'Inactive');
      await heading(page, `Students - ${inactive.total} found`).waitFor();
      expect(new Set(await table.locator('tbody tr td:nth-child(7)').allTextContents())).toEqual(new Set(['Inactive']));

      await page.getByLabel('Student name').fill('no-such-student-anywhere');
      await page.getByText('No students currently').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens a student from their row', async () => {
    const student = await newStudent();
    const { context, page, errors } = await openSignedIn(browser, admin, '/Memberships');
    try {
      await page.getByLabel('Student name').fill(student.lastName);
      await page.getByRole('cell', { name: student.lastName, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/studentsForm/${student.studentId}`);
      await heading(page, `Tess ${student.lastName}`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('student form', () => {
  it('highlights each invalid field without saving, then saves and keeps the date of birth as entered', async () => {
    const student = await newStudent();
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      const saves = countRequests(page, '/api/students/upsert');
      await page.getByLabel('First Name').fill('');
      await page.getByLabel('Address').fill('');
      await page.getByLabel('Email').fill('not an email');
      await page.getByRole('button', { name: 'SAVE' }).click();
      for (const message of ['Please enter a first name', 'Please enter an address 1', 'Please enter a valid email']) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(await page.locator('ion-input.ion-invalid').count()).toBe(3);
      expect(saves()).toBe(0);

      await page.getByLabel('First Name').fill('Tessa');
      await page.getByLabel('Address').fill('4 Church Street');
      await page.getByLabel('Email').fill(`tessa.${unique()}@example.org`);
      await page.getByLabel('Date of birth', { exact: true }).fill('07/03/1990');
      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Student successfully updated', 'Well done!');
      expect(saves()).toBe(1);
      expect(await page.locator('ion-input.ion-invalid').count()).toBe(0);

      await page.reload();
      await heading(page, `Tessa ${student.lastName}`).waitFor();
      await expect(page.getByLabel('Date of birth', { exact: true }).inputValue()).resolves.toBe('07/03/1990');
      const saved = await api<{ dateOfBirthString: string }>(`/api/students/getbyid?id=${student.studentId}`);
      expect(saved.dateOfBirthString).toBe('07/03/1990');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds a student, who then has every tab, with no courses, consents, notes or files yet', async () => {
    const lastName = `New${unique()}`;
    const { context, page, errors } = await openSignedIn(browser, admin, '/students');
    try {
      await page.getByRole('link', { name: 'ADD STUDENT' }).click();
      await heading(page, 'New student').waitFor();
      await page.getByRole('button', { name: 'SAVE' }).click();
      await page.getByText('Please select a company', { exact: true }).waitFor();

      await page.getByLabel('First Name').fill('Nina');
      await page.getByLabel('Last Name').fill(lastName);
      await page.getByLabel('Address').fill('5 Station Road');
      await page.getByLabel('Email').fill(`nina.${unique()}@example.org`);
      await choose(page, 'Company', 'Acme Logistics Ltd');
      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Student successfully updated', 'Well done!');
      await page.waitForURL((url) => /^\/studentsForm\/\d+$/.test(url.pathname));
      await heading(page, `Nina ${lastName}`).waitFor();
      await page.getByText('No courses currently').waitFor();
      await page.getByText('GDPR settings updated by user').waitFor();
      await page.getByText('This student has not signed up for online access.').waitFor();

      await openTab(page, 'Notes');
      await page.getByText('No notes currently').waitFor();
      await openTab(page, 'Documents');
      await page.getByText('No files currently').waitFor();
      await openTab(page, 'Calendar');
      await page.locator('.calendar-view[data-calendar-type="S"] .fc-daygrid').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("answers REMOVE LOGIN on a student's online access with 'Not implemented'", async () => {
    const { students } = await api<{ students: ListedStudent[] }>('/api/students/getall?statusId=-1');
    const withLogin = students.find((s) => s.hasLogin) as ListedStudent;
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${withLogin.studentId}`);
    try {
      await page.getByRole('button', { name: 'REMOVE LOGIN' }).click();
      const alert = page.getByRole('alertdialog').filter({ hasText: 'Not implemented' });
      await alert.getByRole('button', { name: 'OK' }).click();
      await alert.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("adds a note to a student, which can not be deleted (only the school's general notes can)", async () => {
    const student = await newStudent();
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      await openTab(page, 'Notes');
      await page.getByRole('button', { name: 'ADD NOTE' }).click();
      const dialog = page.locator('ion-modal.note-dialog');
      await dialog.getByRole('button', { name: 'SAVE' }).click();
      await dialog.getByText('Please enter a note', { exact: true }).waitFor();
      await dialog.getByLabel('Note').fill('Prefers morning classes.');
      await dialog.getByRole('button', { name: 'SAVE' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const notes = page.getByRole('region', { name: 'Notes' });
      await notes.getByText('Prefers morning classes.').waitFor();
      await notes.getByText(`${String(admin.firstName)} ${String(admin.lastName)}`).waitFor();
      expect(await notes.getByRole('button', { name: 'Delete note' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("uploads a document, lists it, and counts a download", async () => {
    const student = await newStudent();
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      await openTab(page, 'Documents');
      const documents = page.getByRole('region', { name: 'Documents' });
      await documents.getByText('No files currently').waitFor();
      await documents.getByRole('button', { name: 'UPLOAD' }).click();
      await documents.getByText('Please enter a title', { exact: true }).waitFor();
      await documents.getByText('Please choose a file to upload', { exact: true }).waitFor();

      await documents.getByLabel('Title').fill('Placement test');
      await documents.getByLabel('File').setInputFiles({ name: 'placement.txt', mimeType: 'text/plain', buffer: Buffer.from('B1, speaking strong\n') });
      await documents.getByRole('button', { name: 'UPLOAD' }).click();
      const row = documents.locator('tbody tr', { hasText: 'Placement test' });
      await row.waitFor();
      const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
      expect(await row.locator('td').allTextContents()).toEqual(['Document', 'Placement test', '1 KB', 'Staff', '0', today, '']);

      const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Placement test' }).click()]);
      expect(download.suggestedFilename()).toBe('placement.txt');
      await row.locator('td', { hasText: /^1$/ }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('notes screen', () => {
  it("adds a general note and deletes it after 'Delete confirmation'", async () => {
    const text = `Staff meeting moved to Friday ${unique()}`;
    const { context, page, errors } = await openSignedIn(browser, admin, '/notes');
    try {
      await heading(page, 'Notes').waitFor();
      await page.getByRole('button', { name: 'ADD NOTE' }).click();
      const dialog = page.locator('ion-modal.note-dialog');
      await dialog.getByLabel('Note').fill(text);
      await dialog.getByRole('button', { name: 'SAVE' }).click();
      const note = page.locator('li.note', { hasText: text });
      await note.waitFor();

      await note.getByRole('button', { name: 'Delete note' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete confirmation' });
      await confirm.getByText('Are you sure you want to delete this note?').waitFor();
      await confirm.getByRole('button', { name: 'NO' }).click();
      await confirm.waitFor({ state: 'detached' });
      await note.waitFor();

      await note.getByRole('button', { name: 'Delete note' }).click();
      await page.getByRole('alertdialog', { name: 'Delete confirmation' }).getByRole('button', { name: 'YES' }).click();
      await note.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
