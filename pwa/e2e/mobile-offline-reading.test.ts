import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, PHONE, signIn } from './app-driver';

// Teachers and students open the installed app with no signal: every page reads the phone's own
// copy, so what they saw online shows again offline, after a reload and on a cold start.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Failed requests while offline (the engine's pulls, the version check): expected, and only those. */
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));

/** The service worker controls the page (so reloads work offline) and the first pull has landed. */
async function readyForOffline(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.getByText(/^Last updated \d\d:\d\d$/).filter({ visible: true }).waitFor({ timeout: 30_000 });
}

/**
 * Ids of the cards on the visible page (Ionic keeps earlier pages in the DOM, hidden), once all
 * are there: the teacher's week adds its cards a few per task, its list busy meanwhile.
 */
async function cardIds(page: Page, attribute: 'data-class-id' | 'data-course-id' | 'data-student-id'): Promise<string[]> {
  const cards = page.locator(`[${attribute}]`).filter({ visible: true });
  await cards.first().waitFor();
  await page.locator('.class-cards[aria-busy="true"]').first().waitFor({ state: 'detached' });
  return cards.evaluateAll((nodes, name) => nodes.map((node) => node.getAttribute(name) ?? ''), attribute);
}

const offlineChip = (page: Page) => page.getByText('Offline', { exact: true }).filter({ visible: true });

async function openTab(page: Page, label: string, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: label }).click();
  await heading(page, title).waitFor();
}

describe('the phone pages with no signal', () => {
  it('show the teacher the same week of classes, courses and students offline, after a reload and on a cold start', async () => {
    const { context, page, errors } = await openApp(browser, PHONE);
    try {
      await signIn(page, 'teacher');
      await page.goto('/teachers/classesmobile');
      await heading(page, 'Classes').waitFor();
      await readyForOffline(page);
      await page.getByRole('heading', { name: /^Classes in week \d\d\/\d\d\/\d{4} - \d\d\/\d\d\/\d{4}$/ }).waitFor();
      const classes = await cardIds(page, 'data-class-id');
      await openTab(page, 'Courses', 'Courses');
      const courses = await cardIds(page, 'data-course-id');
      await openTab(page, 'Students', 'Students');
      const students = await cardIds(page, 'data-student-id');
      expect(classes.length).toBeGreaterThan(0);
      expect(courses.length).toBeGreaterThan(0);
      expect(students.length).toBeGreaterThan(0);
      await expect(offlineChip(page).count()).resolves.toBe(0);

      await context.setOffline(true);
      await page.reload();
      await heading(page, 'Students').waitFor();
      await offlineChip(page).waitFor();
      expect(await cardIds(page, 'data-student-id')).toEqual(students);
      await openTab(page, 'Classes', 'Classes');
      expect(await cardIds(page, 'data-class-id')).toEqual(classes);
      await openTab(page, 'Courses', 'Courses');
      expect(await cardIds(page, 'data-course-id')).toEqual(courses);

      // Cold start: a new tab of the installed app, still in airplane mode, opens on home.
      const coldStart = await context.newPage();
      coldStart.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await coldStart.goto('/');
      await heading(coldStart, 'Home').waitFor();
      await offlineChip(coldStart).waitFor();
      expect(await cardIds(coldStart, 'data-course-id')).toEqual(courses);
      await coldStart.goto('/teachers/classesmobile');
      expect(await cardIds(coldStart, 'data-class-id')).toEqual(classes);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('show the student the same classes and courses offline, after a reload', async () => {
    const { context, page, errors } = await openApp(browser, PHONE);
    try {
      await signIn(page, 'student');
      await page.goto('/students/coursesmobile');
      await heading(page, 'Courses').waitFor();
      await readyForOffline(page);
      const courses = await cardIds(page, 'data-course-id');
      await openTab(page, 'Classes', 'Classes');
      const classes = await cardIds(page, 'data-class-id');
      await expect(page.getByText('CLASS', { exact: true }).filter({ visible: true }).count()).resolves.toBe(classes.length);

      await context.setOffline(true);
      await page.reload();
      await heading(page, 'Classes').waitFor();
      await offlineChip(page).waitFor();
      expect(await cardIds(page, 'data-class-id')).toEqual(classes);
      await openTab(page, 'Courses', 'Courses');
      expect(await cardIds(page, 'data-course-id')).toEqual(courses);
      // Students have no queue: no pending count and no sync issues.
      await expect(page.getByText(/^Pending changes/).count()).resolves.toBe(0);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
