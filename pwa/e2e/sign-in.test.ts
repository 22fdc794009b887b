import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, menuLabels, openApp, signIn, submitLogin } from './app-driver';

const ACCOUNTS = [
  {
    username: 'admin',
    home: 'Dashboard',
    menu: ['Dashboard', 'Courses', 'Classes', 'Students', 'Teachers', 'Companies', 'Rooms', 'Closures', 'Payments', 'Notes', 'Audit trail'],
  },
  { username: 'teacher', home: 'Home', menu: ['Home', 'Courses', 'Classes', 'Students'] },
  { username: 'teacher2', home: 'Home', menu: ['Home', 'Courses', 'Classes', 'Students'] },
  { username: 'student', home: 'Home', menu: ['Home', 'Classes', 'Courses'] },
];

// Chromium logs every failed request; a refused sign-in is one, and expected there.
const isRefusedSignIn = (error: string) => /status of 401/.test(error);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signing in and out', () => {
  it.each(ACCOUNTS)('$username signs in, sees their menu, stays signed in on reload and logs out', async (account) => {
    const { context, page, errors } = await openApp(browser);
    try {
      await signIn(page, account.username);
      expect(new URL(page.url()).pathname).toBe('/');
      await heading(page, account.home).waitFor();
      expect(await menuLabels(page)).toEqual(account.menu);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rollbook.user') ?? 'null')?.username)).toBe(
        account.username,
      );

      await page.reload();
      await heading(page, account.home).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await menuLabels(page)).toEqual(account.menu);

      await page.getByRole('button', { name: 'Log out' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await dialog.waitFor();
      await expect(dialog.getByText('You want to log out of the product').isVisible()).resolves.toBe(true);
      await dialog.getByRole('button', { name: 'YES' }).click();

      await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
      await heading(page, 'Log In').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('rollbook.user'))).toBeNull();
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the user signed in when they answer NO to the log-out question', async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      await signIn(page, 'admin');
      await page.getByRole('button', { name: 'Log out' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await dialog.getByRole('button', { name: 'NO' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('rollbook.user'))).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a wrong password with the spec message and marks both fields', async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      await page.goto('/login');
      await submitLogin(page, 'admin', 'not-the-password');
      await page.getByRole('alert').filter({ hasText: 'Username or password is incorrect' }).waitFor();
      await expect(page.locator('ion-input.ion-invalid').count()).resolves.toBe(2);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await page.evaluate(() => localStorage.getItem('rollbook.user'))).toBeNull();
      expect(errors.filter((error) => !isRefusedSignIn(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks for the missing fields without calling the server', async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      let signInCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/users/authenticate')) signInCalls += 1;
      });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Please enter a username').waitFor();
      await page.getByText('Please enter a password').waitFor();
      expect(signInCalls).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a signed-out visitor to /login and back to the page they asked for after sign-in', async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      await page.goto('/Classes?statusId=2');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/Classes?statusId=2');

      await submitLogin(page, 'admin');
      await page.waitForURL((url) => url.pathname === '/Classes' && url.search === '?statusId=2');
      await heading(page, 'Classes').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets a signed-out visitor open sign-up and forgot-password, each with a way back to log in', async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign up' }).click();
      await heading(page, 'Sign up').waitFor();
      expect(new URL(page.url()).pathname).toBe('/signup');
      await page.getByRole('link', { name: 'Back to Log In' }).click();
      await heading(page, 'Log In').waitFor();

      await page.goto('/forgotpassword');
      await heading(page, 'Forgot password').waitFor();
      await page.getByRole('link', { name: 'Back to Log In' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps an expired student's page (it works from the phone's copy) and LOG IN goes to /login, remembering the page", async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      await signIn(page, 'student');
      await page.evaluate(() => {
        const user = JSON.parse(localStorage.getItem('rollbook.user') ?? '{}') as { expiresAt: string };
        user.expiresAt = new Date(Date.now() - 1000).toISOString();
        localStorage.setItem('rollbook.user', JSON.stringify(user));
      });
      await page.goto('/students/coursesmobile');
      // Admins still go straight to /login (mobile-expired-offline.test.ts); phone users are asked.
      const prompt = page.locator('.expired-session-banner');
      await prompt.getByText('Your session has expired, please log in again').waitFor();
      expect(new URL(page.url()).pathname).toBe('/students/coursesmobile');
      await prompt.getByRole('link', { name: 'LOG IN' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/students/coursesmobile');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
