import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_LAUNCH_OPTIONS } from './harness';
import { view } from './scheduling-driver';

export const DEMO_PASSWORD = 'demo1234';
export const DESKTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

export const baseUrl = () => inject('baseUrl');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** A fresh browser context (own storage, own service worker) with one page collecting errors. */
export async function openApp(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<AppPage> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-GB', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Fills and submits the real sign-in form (the page must show /login). */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('heading', { name: 'Log In' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs in through /login and waits for the signed-in home page. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/** The visible page heading (Ionic keeps earlier pages in the DOM, hidden). */
export function heading(page: Page, name: string) {
  return page.getByRole('heading', { name, exact: true });
}

/** An entry of the side menu (the desktop's, or the phone's drawer once open). */
export const menuItem = (page: Page, label: string) => page.getByRole('navigation', { name: 'Main menu' }).getByText(label, { exact: true });

/** Opens a page from the side menu, as the user does, and waits for its heading (the entry's label unless said). */
export async function openFromMenu(page: Page, label: string, title = label): Promise<void> {
  await menuItem(page, label).click();
  await heading(page, title).waitFor();
}

export async function menuLabels(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.waitFor();
  return (await menu.locator('ion-label').allTextContents()).map((label) => label.trim());
}

export async function tabLabels(page: Page): Promise<string[]> {
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await tabs.waitFor();
  return (await tabs.getByRole('link').allTextContents()).map((label) => label.trim());
}

/** Every request the page makes from now on to `path` (compared case-insensitively), as addresses. */
export function recordRequests(page: Page, path: string): URL[] {
  const wanted = path.toLowerCase();
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.toLowerCase() === wanted) seen.push(url);
  });
  return seen;
}

/** The requests that did not ask for one page (page and pageSize): a list paged on the server sends none. */
export const unpagedRequests = (requests: URL[]) => requests.filter((url) => !url.searchParams.has('page') || !url.searchParams.has('pageSize'));

/**
 * A list the server pages, on the visible page: its table (a selector, or a locator within the
 * page), its pager (the navigation named e.g. 'Pages of rooms'), and `settled`, which waits until
 * the table shows the rows of its address (no older answer left on screen).
 */
export function pagedList(table: string | ((page: Locator) => Locator), pagerName: string) {
  const tableOf = (page: Page) => (typeof table === 'string' ? view(page).locator(table) : table(view(page)));
  return {
    table: tableOf,
    pager: (page: Page) => view(page).getByRole('navigation', { name: pagerName }),
    settled: (page: Page) => tableOf(page).and(page.locator('[aria-busy="false"]')).waitFor(),
  };
}

/**
 * Types `text` into a list's search box as a user does, letter by letter, and holds the list to
 * searching only once the typing pauses: fewer requests than half the letters, the last one with
 * the whole text under `param`. `shown` waits for the searched rows to be on screen.
 */
export async function searchAsTyped(page: Page, box: Locator, text: string, param: string, requests: URL[], shown: () => Promise<void>): Promise<void> {
  const before = requests.length;
  await box.pressSequentially(text, { delay: 40 });
  await page.waitForURL((url) => url.searchParams.get(param) === text);
  await shown();
  const typed = requests.slice(before).filter((url) => url.searchParams.has(param));
  expect(typed.length).toBeLessThan(text.length / 2);
  expect(typed.at(-1)?.searchParams.get(param)).toBe(text);
}

/** from, from ± 1, … to (both included), counting up or down. */
export const range = (from: number, to: number) => Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));
