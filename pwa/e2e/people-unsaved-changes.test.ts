import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, menuItem } from './app-driver';
import { apiAs, apiSignIn, expectToast, openSignedIn, unique } from './people-driver';

let browser: Browser;
let admin: Awaited<ReturnType<typeof apiSignIn>>;
let student: { studentId: number; firstName: string; lastName: string };

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn('admin');
  student = await apiAs(admin)('/api/students/upsert', {
    method: 'POST',
    body: { firstName: 'Una', lastName: `Saved${unique()}`, email: `una.${unique()}@example.org`, companyId: 1, address1: '2 Mill Lane' },
  });
});
afterAll(async () => {
  await browser?.close();
});

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Form has unsaved changes' });
const firstName = (page: Page) => page.getByLabel('First Name');

/**
 * Edits the first name the way a person does (a real click and key presses count as user
 * activation), then waits until React has armed the guard, just after the key press lands.
 */
async function editFirstName(page: Page) {
  await firstName(page).click();
  await page.keyboard.type('x');
  await page.waitForFunction(() => {
    const probe = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(probe);
    return probe.defaultPrevented;
  });
}

async function answer(page: Page, button: 'YES' | 'NO') {
  const dialog = question(page);
  await dialog.getByText('Do you wish to leave without saving?').waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('leaving a form with unsaved changes', () => {
  it('asks before following a menu link: NO stays with the edits, YES leaves and drops them', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      await expect(firstName(page).inputValue()).resolves.toBe('Una');
      await editFirstName(page);
      await menuItem(page, 'Teachers').click();
      await answer(page, 'NO');
      expect(new URL(page.url()).pathname).toBe(`/studentsForm/${student.studentId}`);
      await expect(firstName(page).inputValue()).resolves.toBe('Unax');

      await menuItem(page, 'Teachers').click();
      await answer(page, 'YES');
      await page.waitForURL((url) => url.pathname === '/teachers');
      await heading(page, 'Teachers').waitFor();

      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/studentsForm/${student.studentId}`);
      await expect(firstName(page).inputValue()).resolves.toBe('Una');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("asks before the browser's back button, and goes back only on YES", async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, '/students');
    try {
      await page.getByLabel('Student name').fill(student.lastName);
      await page.getByRole('cell', { name: student.lastName, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/studentsForm/${student.studentId}`);
      await editFirstName(page);

      // The browser's Back button; the guard cancels the step, so Playwright's wait for it never ends.
      const back = () => void page.goBack({ timeout: 5000 }).catch(() => undefined);
      back();
      await answer(page, 'NO');
      expect(new URL(page.url()).pathname).toBe(`/studentsForm/${student.studentId}`);
      await expect(firstName(page).inputValue()).resolves.toBe('Unax');

      back();
      await answer(page, 'YES');
      await page.waitForURL((url) => url.pathname === '/students');
      await heading(page, 'Students').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks before Cancel leaves the form', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      await editFirstName(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await answer(page, 'YES');
      await page.waitForURL((url) => url.pathname === '/students');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks the browser to confirm closing the tab only while there are unsaved edits', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      const dialogs: Dialog[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog);
        void dialog.dismiss();
      });
      await firstName(page).waitFor();
      await editFirstName(page);
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => dialogs.map((d) => d.type()), { timeout: 10_000 }).toEqual(['beforeunload']);
      expect(page.isClosed()).toBe(false);

      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Student successfully updated', 'Well done!');
      await page.close({ runBeforeUnload: true });
      await expect.poll(() => page.isClosed(), { timeout: 10_000 }).toBe(true);
      expect(dialogs).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('leaves a saved form without asking', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${student.studentId}`);
    try {
      await editFirstName(page);
      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Student successfully updated', 'Well done!');
      await menuItem(page, 'Notes').click();
      await page.waitForURL((url) => url.pathname === '/notes');
      expect(await question(page).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
