import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../api/test/helpers/smtp-inbox';
import { DEMO_PASSWORD, DESKTOP, heading, launchBrowser, menuLabels, openApp, submitLogin } from './app-driver';
import { startStack, type RunningStack } from './harness';
import { apiAs, apiSignIn, countRequests, unique } from './people-driver';

// Sign-up and password reset send real e-mail: this file runs its own server with SMTP_URL pointing
// at an in-process SMTP server, and reads each code from the message that arrived there.

interface ListedStudent {
  studentId: number;
  email: string | null;
  hasLogin: boolean;
}

let inbox: SmtpInbox;
let stack: RunningStack;
let browser: Browser;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  stack = await startStack({ env: { SMTP_URL: inbox.url } });
  browser = await launchBrowser();
  api = apiAs(await apiSignIn('admin', DEMO_PASSWORD, stack.baseUrl), stack.baseUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await inbox?.close();
});

const open = () => openApp(browser, { ...DESKTOP, baseURL: stack.baseUrl });

async function studentWhere(test: (student: ListedStudent) => boolean): Promise<ListedStudent & { email: string }> {
  const { students } = await api<{ students: ListedStudent[] }>('/api/students/getall?statusId=-1');
  const found = students.find((student) => student.email !== null && test(student));
  if (!found) throw new Error('The demo school has no such student');
  return found as ListedStudent & { email: string };
}

async function expectSignedInAs(page: Page, menu: string[]) {
  await heading(page, 'Home').waitFor();
  expect(await menuLabels(page)).toEqual(menu);
}

describe('sign-up of a student the school already has', () => {
  it('confirms the address with the e-mailed code, sets the password, and the student signs in', async () => {
    const student = await studentWhere((s) => !s.hasLogin);
    const { context, page, errors } = await open();
    try {
      const registrations = countRequests(page, '/api/signup/Register');
      await page.goto('/signup');
      await heading(page, 'Sign up').waitFor();
      await page.getByLabel('Email').fill(student.email);
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByText('Step 2 of 3').waitFor();
      await page.getByText('We have e-mailed you a code').waitFor();
      const code = await inbox.nextCode(student.email);

      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'SIGN UP' }).click();
      await page.getByText('Password is empty', { exact: true }).waitFor();
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'SIGN UP' }).click();
      await page.getByText('Passwords must be 8 or more characters', { exact: true }).waitFor();
      await page.getByLabel('Password', { exact: true }).fill('a-long-password');
      await page.getByLabel('Confirm password').fill('another-password');
      await page.getByRole('button', { name: 'SIGN UP' }).click();
      await page.getByText('Passwords do not match', { exact: true }).waitFor();
      expect(registrations()).toBe(0);

      await page.getByLabel('Confirm password').fill('a-long-password');
      await page.getByRole('button', { name: 'SIGN UP' }).click();
      await page.getByText('Step 3 of 3').waitFor();
      await page.getByRole('status').getByText(student.email).waitFor();
      await page.getByRole('link', { name: 'Log In', exact: true }).click();
      await submitLogin(page, student.email, 'a-long-password');
      await expectSignedInAs(page, ['Home', 'Classes', 'Courses']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells an unknown address and an already registered student apart, and sends them no e-mail', async () => {
    const registered = await studentWhere((s) => s.hasLogin);
    const unknown = `nobody.${unique()}@example.org`;
    const { context, page, errors } = await open();
    try {
      const codesSent = countRequests(page, '/api/signup/SendCode');
      const mailsBefore = inbox.messages.length;
      await page.goto('/signup');
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByText('Please enter an email address', { exact: true }).waitFor();

      await page.getByLabel('Email').fill(unknown);
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByRole('alert').getByText('We could not find you, please contact us').waitFor();

      await page.getByLabel('Email').fill(registered.email);
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByRole('alert').getByText('You are already registered, please log in').waitFor();
      expect(codesSent()).toBe(0);
      expect(inbox.messages.length).toBe(mailsBefore);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('password reset', () => {
  it('resets the password with the e-mailed code, refusing a wrong code, and the user signs in with the new one', async () => {
    const email = `reset.${unique()}@example.org`;
    const student = await api<{ studentId: number }>('/api/students/upsert', {
      method: 'POST',
      body: { firstName: 'Rosa', lastName: 'Reset', email, companyId: 1, address1: '1 High Street' },
    });
    const login = await api<{ username: string }>('/api/users/RegisterUser', {
      method: 'POST',
      body: { id: student.studentId, type: 1, password: 'first-password' },
    });

    const { context, page, errors } = await open();
    try {
      const requests = countRequests(page, '/api/users/PasswordResetRequest');
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await heading(page, 'Forgot password').waitFor();
      await page.getByRole('button', { name: 'SEND CODE' }).click();
      await page.getByText('Please enter an email address', { exact: true }).waitFor();
      expect(requests()).toBe(0);

      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'SEND CODE' }).click();
      await page.getByText('Step 2 of 3').waitFor();
      const code = await inbox.nextCode(email);

      await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
      await page.getByLabel('New password').fill('short');
      await page.getByLabel('Confirm password').fill('short');
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await page.getByText('Password needs to be 8 characters or more', { exact: true }).waitFor();
      await page.getByLabel('New password').fill('second-password');
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await page.getByText('Passwords do not match', { exact: true }).waitFor();
      await page.getByLabel('Confirm password').fill('second-password');
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await page.getByText('Code is incorrect', { exact: true }).waitFor();

      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await page.getByText('Step 3 of 3').waitFor();
      await page.getByRole('link', { name: 'Login', exact: true }).click();
      await submitLogin(page, login.username, 'second-password');
      await expectSignedInAs(page, ['Home', 'Classes', 'Courses']);
      await expect(apiSignIn(login.username, 'first-password', stack.baseUrl)).rejects.toThrow(/401/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
