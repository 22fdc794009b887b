import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from './api-driver';
import { baseUrl, launchBrowser, openApp } from './app-driver';

// The HTML the server sends for /courses names the list's chunks and stylesheets (the build's
// route-preloads.json, api/src/plugins/static-pwa.ts), so a browser asks for them beside the
// start-up chunk instead of once that chunk has run: a round trip less on each of the phone's six
// connections. What it names must exist and be what the list loads, or the saving turns into waste.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const assetsNamed = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] as string);

describe("the courses list's HTML", () => {
  it('names every script and stylesheet the list loads before its rows show, each of them a file the server has', async () => {
    const html = await (await fetch(`${baseUrl()}/courses`)).text();
    const preloaded = assetsNamed(html, /<link rel="(?:modulepreload|preload)"[^>]* href="(\/assets\/[^"]+)"/g);
    const named = assetsNamed(html, /<(?:script|link)[^>]* (?:src|href)="(\/assets\/[^"]+)"/g);
    expect(preloaded.length).toBeGreaterThan(0);
    for (const path of named) expect((await fetch(`${baseUrl()}${path}`)).status, path).toBe(200);

    // Each page a first visit (no service worker yet: it would answer with the app shell) on a
    // phone's screen, with the admin signed in. The page not found shows what the app loads of its
    // own, once the network is quiet: Ionic's tap handling and the update checker load when the
    // browser is first idle, which may come before the courses list's rows or after them.
    const user = await apiSignIn('admin');
    const open = async (path: string, shown: string, untilQuiet = false) => {
      const admin = await openApp(browser, { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      await admin.context.addInitScript((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), user);
      const requested: string[] = [];
      admin.page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) requested.push(url.pathname);
        else if (url.pathname.startsWith('/assets/') && ['script', 'stylesheet'].includes(request.resourceType())) requested.push(url.pathname);
      });
      await admin.page.goto(path);
      await admin.page.locator(shown).first().waitFor();
      if (untilQuiet) await admin.page.waitForLoadState('networkidle');
      const seen = [...requested];
      expect(admin.errors, path).toEqual([]);
      await admin.context.close();
      return seen;
    };
    const ofItsOwn = await open('/no-such-page', 'text=Page not found', true);
    const courses = await open('/courses', 'table.courses-table tbody tr');

    const assets = courses.filter((path) => path.startsWith('/assets/'));
    expect(assets.filter((path) => !named.includes(path) && !ofItsOwn.includes(path)), "loaded before the rows, neither named in the HTML nor the app's own").toEqual([]);
    expect(preloaded.filter((path) => !assets.includes(path)), 'named in the HTML but not loaded').toEqual([]);
    // Asked for while the HTML is read: before the app has run far enough to make its first request.
    const firstApiRequest = courses.findIndex((path) => path.startsWith('/api/'));
    expect(firstApiRequest).toBeGreaterThan(0);
    expect(preloaded.filter((path) => courses.indexOf(path) > firstApiRequest), 'asked for only after the app had run').toEqual([]);
  });
});
