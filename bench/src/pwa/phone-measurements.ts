import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { signInJson } from './lighthouse-audit';

// What the teacher's phone does, measured in headless Chromium (the browser tests' flags):
// the JavaScript downloaded before the week shows, and the offline cold start.

const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-GB' };
const TEACHER_WEEK = '/teachers/classesmobile';
const SESSION_STORAGE_KEY = 'rollbook.user';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** Every page of the context opens with the teacher signed in (their session in localStorage). */
async function signInContext(context: BrowserContext, baseUrl: string): Promise<void> {
  const user = await signInJson(baseUrl, 'teacher');
  const key = JSON.stringify(SESSION_STORAGE_KEY);
  await context.addInitScript(`if (!localStorage.getItem(${key})) localStorage.setItem(${key}, ${JSON.stringify(user)});`);
}

/**
 * Records performance.now() at the first animation frame in which the week is visible: its first
 * class card, or "No classes in this period". Installed before the app's own scripts run. A string,
 * not a function: tsx would wrap a function's inner functions in helpers the page does not have.
 * Ionic keeps pages it has left in the DOM, hidden, so only a visible element counts.
 */
const RECORD_WEEK_VISIBLE = `(() => {
  const visible = (element) => element.checkVisibility({ visibilityProperty: true });
  const check = () => {
    if (location.pathname.toLowerCase() !== '${TEACHER_WEEK.toLowerCase()}') return;
    const card = [...document.querySelectorAll('[data-class-id]')].find(visible);
    const empty = [...document.querySelectorAll('ion-content *')].find(
      (element) => element.childElementCount === 0 && element.textContent === 'No classes in this period' && visible(element),
    );
    if (card || empty) window.__weekVisibleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** What the measurements read in the page (bench is compiled without DOM types). */
interface PageGlobals {
  __weekVisibleAt?: number;
  navigator: { serviceWorker: { controller: unknown } };
}

async function weekVisibleAt(page: Page): Promise<number> {
  // Functions, not strings: the app's CSP forbids evaluating strings.
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__weekVisibleAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__weekVisibleAt ?? Number.NaN);
}

/** The teacher's phone downloads at most this much JavaScript (KB gzipped) before the week shows. */
export const INITIAL_JS_BUDGET_KB = 250;

export interface InitialScripts {
  totalGzipBytes: number;
  scripts: { path: string; gzipBytes: number }[];
}

/** Gzipped JavaScript downloaded until the teacher's week shows, on a first visit (no service worker yet). */
export async function measureInitialScripts(browser: Browser, baseUrl: string): Promise<InitialScripts> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl, serviceWorkers: 'block' });
  try {
    await signInContext(context, baseUrl);
    await context.addInitScript(RECORD_WEEK_VISIBLE);
    const page = await context.newPage();
    let done = false;
    const pending: Promise<{ path: string; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (done || response.status() !== 200 || (response.request().resourceType() !== 'script' && !/\.m?js$/.test(path))) return;
      pending.push(response.body().then((body) => ({ path, gzipBytes: gzipSync(body, { level: 9 }).length })));
      // Never an unhandled rejection, even for a body still streaming when the context closes.
      pending.at(-1)?.catch(() => undefined);
    });
    await page.goto(TEACHER_WEEK);
    await weekVisibleAt(page);
    done = true;
    const scripts = (await Promise.all(pending)).sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { totalGzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), scripts };
  } finally {
    await context.close();
  }
}

/**
 * Offline cold start: the teacher has used the app (service worker installed, their week pulled),
 * the phone goes offline, and a new tab opens /teachers/classesmobile. Milliseconds from the
 * navigation's start to the first frame showing the week, once per run.
 */
export async function measureOfflineColdStarts(browser: Browser, baseUrl: string, runs: number): Promise<number[]> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  try {
    await signInContext(context, baseUrl);
    await context.addInitScript(RECORD_WEEK_VISIBLE);
    const warmUp = await context.newPage();
    await warmUp.goto(TEACHER_WEEK);
    await warmUp.waitForFunction(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await warmUp.getByText(/^Last updated \d\d:\d\d$/).filter({ visible: true }).waitFor({ timeout: 60_000 });
    await weekVisibleAt(warmUp);
    await context.setOffline(true);
    await warmUp.close();

    const timings: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const page = await context.newPage();
      await page.goto(TEACHER_WEEK);
      // performance.now() counts from this navigation's time origin, so it is the time to the week.
      timings.push(Math.round(await weekVisibleAt(page)));
      await page.close();
    }
    return timings;
  } finally {
    await context.close();
  }
}
