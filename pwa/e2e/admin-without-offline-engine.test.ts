import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, PHONE, submitLogin } from './app-driver';

// Only teachers and students keep data on the phone: an admin's pages never download (so never
// run) Dexie or the offline engine (src/offline), not even to log out. Which modules a script holds
// is read from its source map (the build ships one beside every script).

const OFFLINE_ENGINE = /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?dexie[\\/]|[\\/]src[\\/]offline[\\/]/;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every script the page itself requests from now on (not the service worker's precaching). */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/**
 * The source files the scripts were built from, per their source maps. A few tiny chunks (icons)
 * have none: each stands for itself, marked if it touches IndexedDB as Dexie and the engine do.
 */
async function sourcesOf(context: BrowserContext, scriptUrls: readonly string[]): Promise<string[]> {
  const sources = await Promise.all(
    [...new Set(scriptUrls)].map(async (url) => {
      const map = await context.request.get(`${url}.map`);
      if (map.ok()) return ((await map.json()) as { sources: string[] }).sources;
      const script = await context.request.get(url);
      expect(script.ok(), url).toBe(true);
      return [(await script.text()).includes('indexedDB') ? `${url} (no source map), uses src/offline/ indexedDB` : url];
    }),
  );
  return sources.flat();
}

/** Names of the IndexedDB databases of the page's origin. */
const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));

describe('the offline engine', () => {
  it("is never downloaded by an admin's pages, from sign-in to log out", async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      const scripts = recordScripts(page);
      await page.goto('/login');
      await submitLogin(page, 'admin');
      await heading(page, 'Dashboard').waitFor();
      const adminPages: [path: string, title: string][] = [['/courses', 'Courses'], ['/students', 'Students'], ['/teachers', 'Teachers'], ['/Classes', 'Classes'], ['/Reports', 'Payments']];
      for (const [path, title] of adminPages) {
        await page.goto(path);
        await heading(page, title).waitFor();
      }
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'YES' }).click();
      await heading(page, 'Log In').waitFor();

      const sources = await sourcesOf(context, scripts);
      expect(sources.some((source) => /[\\/]src[\\/]app[\\/]app\.tsx$/.test(source))).toBe(true);
      expect(sources.filter((source) => OFFLINE_ENGINE.test(source))).toEqual([]);
      expect(await databaseNames(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("is downloaded for a teacher's week, which keeps its data in the phone's database", async () => {
    const { context, page } = await openApp(browser, PHONE);
    try {
      const scripts = recordScripts(page);
      await page.goto('/login');
      await submitLogin(page, 'teacher');
      await heading(page, 'Home').waitFor();
      await page.goto('/teachers/classesmobile');
      await heading(page, 'Classes').waitFor();

      const sources = await sourcesOf(context, scripts);
      expect(sources.some((source) => /[\\/]dexie[\\/]/.test(source) && OFFLINE_ENGINE.test(source))).toBe(true);
      expect(sources.some((source) => /[\\/]src[\\/]offline[\\/]sync-engine\.ts$/.test(source))).toBe(true);
      await expect.poll(() => databaseNames(page)).toContainEqual(expect.stringMatching(/^rollbook-u\d+$/));
    } finally {
      await context.close();
    }
  });
});
