import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, menuLabels, openApp, submitLogin } from './app-driver';
import { apiAs, apiSignIn, countRequests, expectToast, openSignedIn, openTab, unique } from './people-driver';

let browser: Browser;
let admin: Awaited<ReturnType<typeof apiSignIn>>;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiSignIn('admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('teachers (admin)', () => {
  it('lists the active teachers by default, 100 a page, with an empty text when nothing matches', async () => {
    const { total } = await apiAs(admin)<{ total: number }>('/api/teachers/getall?status=1');
    const { context, page, errors } = await openSignedIn(browser, admin, '/teachers');
    try {
      await heading(page, `Teachers - ${total} found`).waitFor();
      const table = page.locator('table.people-table');
      expect(await table.locator('thead th').allTextContents()).toEqual([
        'First name', 'Last name', 'Mobile', 'Email', 'Subjects taught', 'Status', 'Online access',
      ]);
      expect(await table.locator('tbody tr').count()).toBe(Math.min(total, 100));
      expect(new Set(await table.locator('tbody tr td:nth-child(6)').allTextContents())).toEqual(new Set(['Active']));

      await page.getByLabel('Name').fill('no-such-teacher-anywhere');
      await page.getByText('No teachers currently').waitFor();
      await heading(page, 'Teachers - 0 found').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses to save a new teacher without names, e-mail and a rate, without calling the server', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, '/teachers');
    try {
      const saves = countRequests(page, '/api/teachers/upsert');
      await page.getByRole('link', { name: 'ADD TEACHER' }).click();
      await heading(page, 'New teacher').waitFor();
      await page.getByText('No rates defined').waitFor();
      await page.getByRole('button', { name: 'SAVE' }).click();
      for (const message of ['Please enter a first name', 'Please enter a last name', 'Please enter an email', 'Please add at least one rate']) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(await page.locator('ion-input.ion-invalid').count()).toBe(3);
      expect(saves()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds a teacher with a rate, grants online access, and the teacher signs in with the shown password', async () => {
    const email = `teacher.${unique()}@rollbook.test`;
    const setup = await openSignedIn(browser, admin, '/teachersForm');
    let username: string;
    let password: string;
    try {
      const { page } = setup;
      await heading(page, 'New teacher').waitFor();
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Email').fill(email);
      await page.locator('ion-checkbox', { hasText: 'French' }).click();

      await page.getByRole('button', { name: 'ADD RATE' }).click();
      const rateDialog = page.locator('ion-modal.people-dialog').filter({ hasText: 'Add rate' });
      await rateDialog.getByLabel('Rate name').fill('Standard rate');
      await rateDialog.getByLabel('Rate per hour (£)').fill('21.5');
      await rateDialog.getByRole('button', { name: 'SAVE' }).click();
      await rateDialog.waitFor({ state: 'hidden' });
      const rateRow = page.locator('table tr', { hasText: 'Standard rate' });
      await rateRow.getByText('£21.50').waitFor();

      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Teacher successfully saved', 'Well done!');
      await page.waitForURL((url) => /^\/teachersForm\/\d+$/i.test(url.pathname));
      await heading(page, 'Grace Hopper').waitFor();

      await page.getByRole('button', { name: 'GRANT ACCESS' }).click();
      const granted = page.locator('ion-modal').filter({ hasText: 'Online access granted' });
      await granted.getByText('The password is shown only this once').waitFor();
      username = await granted.getByLabel('Username').inputValue();
      password = await granted.getByLabel('Password').inputValue();
      expect(username).toBe(email);
      expect(password.length).toBeGreaterThanOrEqual(8);
      await granted.getByRole('button', { name: 'COPY PASSWORD' }).waitFor();
      await granted.getByRole('button', { name: 'CLOSE' }).click();
      await granted.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'REMOVE ACCESS' }).waitFor();

      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'YES' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(setup.errors).toEqual([]);
    } finally {
      await setup.context.close();
    }

    const { context, page, errors } = await openApp(browser);
    try {
      await page.goto('/login');
      await submitLogin(page, username, password);
      await heading(page, 'Home').waitFor();
      expect(await menuLabels(page)).toEqual(['Home', 'Courses', 'Classes', 'Students']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("removes a teacher's online access after 'Are you sure?', and their password stops working", async () => {
    const email = `removed.${unique()}@rollbook.test`;
    const api = apiAs(admin);
    const teacher = await api<{ teacherId: number }>('/api/teachers/upsert', {
      method: 'POST',
      body: { firstName: 'Alan', lastName: 'Turing', email, rates: [{ description: 'Standard rate', rate: 20 }] },
    });
    const login = await api<{ username: string; password: string }>('/api/users/RegisterUser', { method: 'POST', body: { id: teacher.teacherId, type: 2 } });

    const { context, page, errors } = await openSignedIn(browser, admin, `/teachersForm/${teacher.teacherId}`);
    try {
      await page.getByRole('button', { name: 'REMOVE ACCESS' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await dialog.getByRole('button', { name: 'YES' }).click();
      await expectToast(page, 'Teacher access has been removed');
      await page.getByRole('button', { name: 'GRANT ACCESS' }).waitFor();
      await expect(apiSignIn(login.username, login.password)).rejects.toThrow(/401/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('edits rates in the dialog, deletes an unused one after confirming, and offers no delete for rates in use', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, '/teachersForm/1');
    try {
      await heading(page, 'Hannah Wright').waitFor();
      const rates = page.locator('section[aria-labelledby="rates-heading"]');
      await rates.getByText('Standard rate').waitFor();
      // Both of the demo teacher's rates are used by classes.
      expect(await rates.getByRole('button', { name: /^Delete rate/ }).count()).toBe(0);
      expect(await rates.getByRole('switch').count()).toBe(2);

      await rates.getByRole('button', { name: 'ADD RATE' }).click();
      const dialog = page.locator('ion-modal.people-dialog').filter({ hasText: 'Add rate' });
      await dialog.getByRole('button', { name: 'SAVE' }).click();
      await dialog.getByText('Please enter a rate name').waitFor();
      await dialog.getByText('Please enter a rate of 0 or more').waitFor();
      await dialog.getByLabel('Rate name').fill('Trial lesson');
      await dialog.getByLabel('Rate per hour (£)').fill('-3');
      await dialog.getByRole('button', { name: 'SAVE' }).click();
      await dialog.getByText('Please enter a rate of 0 or more').waitFor();
      await dialog.getByLabel('Rate per hour (£)').fill('12');
      await dialog.getByRole('button', { name: 'SAVE' }).click();
      await rates.getByText('£12.00').waitFor();

      await rates.getByRole('button', { name: 'Delete rate Trial lesson' }).click();
      const confirm = page.getByRole('alertdialog').filter({ hasText: 'Are you sure you want to delete this rate?' });
      await confirm.getByRole('button', { name: 'YES' }).click();
      await rates.getByText('Trial lesson').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes the avatar from the pictures offered and the status through the status dialog', async () => {
    const api = apiAs(admin);
    const teacher = await api<{ teacherId: number }>('/api/teachers/upsert', {
      method: 'POST',
      body: { firstName: 'Mary', lastName: 'Somerville', email: `mary.${unique()}@rollbook.test`, rates: [{ description: 'Standard rate', rate: 20 }] },
    });
    const avatars = await api<{ avatarId: number; imageName: string }[]>('/api/avatar/getall');
    const chosen = avatars[2] as { avatarId: number; imageName: string };
    const { context, page, errors } = await openSignedIn(browser, admin, `/teachersForm/${teacher.teacherId}`);
    try {
      await heading(page, 'Mary Somerville').waitFor();
      await page.getByRole('button', { name: 'Change avatar' }).click();
      const picker = page.locator('ion-modal').filter({ hasText: 'Choose an avatar' });
      // The pictures arrive after the dialog opens: wait for the last one, then count them all.
      await picker.locator('.avatar-choice').nth(avatars.length - 1).waitFor();
      expect(await picker.locator('.avatar-choice').count()).toBe(avatars.length);
      await picker.getByRole('button', { name: `Avatar ${chosen.avatarId}` }).click();
      await picker.waitFor({ state: 'hidden' });
      const shown = await page.locator('.teacher-heading:visible img').getAttribute('src');
      expect(shown).toBe(chosen.imageName.replaceAll('{size}', '112'));
      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Teacher successfully saved', 'Well done!');

      await page.getByRole('button', { name: /^Status: Active/ }).click();
      const statusDialog = page.locator('ion-modal').filter({ hasText: 'Teacher status' });
      await statusDialog.getByRole('radio', { name: 'Inactive' }).click();
      await statusDialog.getByRole('button', { name: 'SAVE' }).click();
      await page.getByRole('button', { name: /^Status: Inactive/ }).waitFor();

      const saved = await api<{ avatarId: number; active: boolean }>(`/api/teachers/getteacherbyid?id=${teacher.teacherId}`);
      expect(saved).toMatchObject({ avatarId: chosen.avatarId, active: false });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows the teacher's courses by period and their calendar", async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, '/teachersForm/1');
    try {
      await heading(page, 'Hannah Wright').waitFor();
      await openTab(page, 'Courses');
      const courses = page.locator('section[aria-label="Courses"]');
      await courses.locator('tbody tr').first().waitFor();
      await courses.getByLabel('Search').fill('no course is called this');
      await courses.getByText('Teacher does not have any courses currently').waitFor();

      await openTab(page, 'Calendar');
      const calendar = page.locator('.calendar-view[data-calendar-type="T"]');
      await calendar.locator('.fc-event').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows a new teacher's payments tab with both views empty", async () => {
    const teacher = await apiAs(admin)<{ teacherId: number }>('/api/teachers/upsert', {
      method: 'POST',
      body: { firstName: 'Ada', lastName: 'Lovelace', email: `ada.${unique()}@rollbook.test`, rates: [{ description: 'Standard rate', rate: 20 }] },
    });
    const { context, page, errors } = await openSignedIn(browser, admin, `/teachersForm/${teacher.teacherId}`);
    try {
      await heading(page, 'Ada Lovelace').waitFor();
      await openTab(page, 'Payments');
      const payments = page.locator('section[aria-label="Payments"]');
      await payments.getByText('This teacher does not have any settlement reports').waitFor();
      await payments.locator('ion-segment-button', { hasText: 'CLASSES TO PROCESS' }).click();
      await payments.getByText('This teacher does not have any classes to process').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
