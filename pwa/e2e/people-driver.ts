import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { baseUrl, DESKTOP, openApp, type AppPage } from './app-driver';
import type { StoredUser } from './api-driver';
export { apiSignIn } from './api-driver';

// Helpers of the people-* browser tests (students, teachers, notes, profile, sign-up, reset).

/** A JSON caller of the API with a user's token (at another server than the shared one if `base` says so). */
export function apiAs(user: Pick<StoredUser, 'token'>, base = baseUrl()) {
  return async <T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${user.token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/**
 * A browser already signed in as the user (the stored user is put in place the way the sign-in form
 * stores it), so tests that are not about signing in do not each go through the form: the sign-in
 * route allows 10 tries a minute per user and address.
 */
export async function openSignedIn(
  browser: Browser,
  user: StoredUser,
  path: string,
  options: BrowserContextOptions = DESKTOP,
): Promise<AppPage> {
  const app = await openApp(browser, options);
  await app.page.goto('/login');
  await app.page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), user);
  await app.page.goto(path);
  await app.page.getByRole('button', { name: 'Log out' }).waitFor();
  return app;
}

/** Counts the browser's requests whose path ends with `path` (case-insensitive). */
export function countRequests(page: Page, path: string): () => number {
  let count = 0;
  const wanted = path.toLowerCase();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.toLowerCase().endsWith(wanted)) count += 1;
  });
  return () => count;
}

/**
 * Ionic shows a segment's tabs as ion-segment-button hosts; their inner button does not take the click.
 * Right after a page replaces another (a new student saved becomes /studentsForm/{id}), both pages
 * show their tabs until Ionic's transition ends: the user clicks the one tab bar left, so do we.
 */
export async function openTab(page: Page, label: string): Promise<void> {
  const tab = page.locator('ion-segment-button:visible', { hasText: label });
  await page.waitForFunction(
    (text) => [...document.querySelectorAll('ion-segment-button')].filter((b) => b.textContent?.includes(text) && (b as HTMLElement).checkVisibility()).length === 1,
    label,
    { timeout: 10_000 },
  );
  await tab.click();
}

/** The spec's toast: 'Well done!' (or another header) and its message. */
export async function expectToast(page: Page, message: string, header?: string): Promise<void> {
  const toast = page.locator('ion-toast').filter({ hasText: message }).last();
  await toast.waitFor();
  if (header) await toast.getByText(header, { exact: true }).waitFor();
}

/** Chromium logs each refused request as a console error; tests that expect a refusal allow those. */
export const isRefusedRequest = (error: string) => /Failed to load resource: the server responded with a status of 4\d\d/.test(error);

/** A unique suffix so a test's data never collides with another run's on the same database. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
