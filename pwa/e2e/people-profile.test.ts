import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, PHONE } from './app-driver';
import { apiAs, apiSignIn, countRequests, expectToast, openSignedIn, unique } from './people-driver';

let browser: Browser;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(await apiSignIn('admin'));
});
afterAll(async () => {
  await browser?.close();
});

/** A student with a login of their own, so changing the profile leaves the demo users alone. */
async function newStudentLogin() {
  const email = `profile.${unique()}@example.org`;
  const student = await api<{ studentId: number }>('/api/students/upsert', {
    method: 'POST',
    body: { firstName: 'Pat', lastName: 'Profile', email, companyId: 1, address1: '6 Green Lane' },
  });
  await api('/api/users/RegisterUser', { method: 'POST', body: { id: student.studentId, type: 1, password: 'pat-password-1' } });
  return { username: email, password: 'pat-password-1' };
}

async function newTeacherLogin() {
  const teacher = await api<{ teacherId: number }>('/api/teachers/upsert', {
    method: 'POST',
    body: { firstName: 'Tom', lastName: 'Mobile', email: `tom.${unique()}@rollbook.test`, rates: [{ description: 'Standard rate', rate: 20 }] },
  });
  return api<{ username: string; password: string }>('/api/users/RegisterUser', { method: 'POST', body: { id: teacher.teacherId, type: 2 } });
}

const form = (page: Page, name: string) => page.getByRole('form', { name });

describe('profile page', () => {
  it('names every missing field of both forms without calling the server', async () => {
    const { context, page, errors } = await openSignedIn(browser, await apiSignIn('admin'), '/profile');
    try {
      const profileCalls = countRequests(page, '/api/users/UpdateProfile');
      const passwordCalls = countRequests(page, '/api/users/UpdatePassword');
      const info = form(page, 'Your Information');
      await expect(info.getByLabel('Username').inputValue()).resolves.toBe('admin');
      for (const label of ['First Name', 'Last Name', 'Email']) await info.getByLabel(label).fill('');
      await info.getByRole('button', { name: 'UPDATE' }).click();
      for (const message of ['Please enter your First Name', 'Please enter your Last Name', 'Please enter your Email']) {
        await info.getByText(message, { exact: true }).waitFor();
      }

      const password = form(page, 'Update Password');
      await password.getByRole('button', { name: 'UPDATE' }).click();
      for (const message of ['Please enter Current Password', 'Please enter a New Password', 'Please enter a Confirm Password']) {
        await password.getByText(message, { exact: true }).waitFor();
      }
      await password.getByLabel('Current Password').fill('demo1234');
      await password.getByLabel('New Password').fill('a-new-password');
      await password.getByLabel('Confirm Password').fill('another-password');
      await password.getByRole('button', { name: 'UPDATE' }).click();
      await password.getByText('Passwords do not match', { exact: true }).waitFor();
      expect(profileCalls()).toBe(0);
      expect(passwordCalls()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('updates the names, refuses a wrong current password, changes the password and keeps the user signed in', async () => {
    const login = await newStudentLogin();
    const { context, page, errors } = await openSignedIn(browser, await apiSignIn(login.username, login.password), '/profile');
    try {
      const info = form(page, 'Your Information');
      await info.getByLabel('First Name').fill('Patricia');
      await info.getByRole('button', { name: 'UPDATE' }).click();
      await expectToast(page, 'Profile successfully updated', 'Well done!');

      const password = form(page, 'Update Password');
      await password.getByLabel('Current Password').fill('not-my-password');
      await password.getByLabel('New Password').fill('pat-password-2');
      await password.getByLabel('Confirm Password').fill('pat-password-2');
      await password.getByRole('button', { name: 'UPDATE' }).click();
      await expectToast(page, 'Could not update password, incorrect details supplied');

      await password.getByLabel('Current Password').fill(login.password);
      await password.getByRole('button', { name: 'UPDATE' }).click();
      await expectToast(page, 'Password successfully updated', 'Well done!');
      await expect(password.getByLabel('New Password').inputValue()).resolves.toBe('');

      // The old token stopped working; the page carries on with the fresh one.
      await page.reload();
      await heading(page, 'Profile').waitFor();
      await expect(form(page, 'Your Information').getByLabel('First Name').inputValue()).resolves.toBe('Patricia');
      await expect(apiSignIn(login.username, 'pat-password-2')).resolves.toMatchObject({ firstName: 'Patricia' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('saves each data consent as it is switched', async () => {
    const login = await newStudentLogin();
    const user = await apiSignIn(login.username, login.password);
    const { context, page, errors } = await openSignedIn(browser, user, '/profile');
    try {
      const toggle = page.getByRole('switch', { name: 'Marketing data' });
      await expect(toggle.isChecked()).resolves.toBe(false);
      await toggle.click();
      await expect
        .poll(async () => (await apiAs(user)<{ code: string; consent: boolean }[]>('/api/users/GetGDPRConsentByUser')).find((c) => c.code === 'MARKETING')?.consent)
        .toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("teacher's mobile profile", () => {
  it('refuses to send a missing field silently, and answers a wrong password with Sorry!', async () => {
    const login = await newTeacherLogin();
    const { context, page, errors } = await openSignedIn(browser, await apiSignIn(login.username, login.password), '/teachers/ProfileMobile', PHONE);
    try {
      const profileCalls = countRequests(page, '/api/users/UpdateProfile');
      const passwordCalls = countRequests(page, '/api/users/UpdatePassword');
      const info = form(page, 'Your Information');
      await info.getByLabel('First name').fill('');
      await info.getByRole('button', { name: 'UPDATE' }).click();
      const password = form(page, 'Update Password');
      await password.getByLabel('Current password').fill(login.password);
      await password.getByRole('button', { name: 'UPDATE' }).click();
      await page.waitForTimeout(500);
      expect(profileCalls()).toBe(0);
      expect(passwordCalls()).toBe(0);
      expect(await page.locator('ion-input.ion-invalid').count()).toBe(0);

      await info.getByLabel('First name').fill('Thomas');
      await info.getByRole('button', { name: 'UPDATE' }).click();
      await expectToast(page, 'Profile Updated', 'Well done!');

      await password.getByLabel('Current password').fill('not-my-password');
      await password.getByLabel('New password').fill('tom-password-2');
      await password.getByLabel('Confirm password').fill('tom-password-2');
      await password.getByRole('button', { name: 'UPDATE' }).click();
      await expectToast(page, 'Incorrect password details supplied', 'Sorry!');

      await password.getByLabel('Current password').fill(login.password);
      await password.getByRole('button', { name: 'UPDATE' }).click();
      await expectToast(page, 'Password updated', 'Well done!');
      await expect(apiSignIn(login.username, 'tom-password-2')).resolves.toMatchObject({ firstName: 'Thomas' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
