import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, openApp, PHONE, signIn } from './app-driver';

// The red 'Application update!' banner once lay over the top bar, covering the page title,
// the avatar and log out. It belongs to the layout's flow: the pages start below it.

let browser: Browser;
const versionFile = () => join(inject('pwaDist'), 'version.json');
let original: string;

beforeAll(async () => {
  browser = await launchBrowser();
  original = await readFile(versionFile(), 'utf8');
});
afterAll(async () => {
  await writeFile(versionFile(), original);
  await browser?.close();
});

const shownPage = (page: Page) => page.locator('.ion-page:not(.ion-page-hidden):not(.ion-page-invisible)').filter({ has: page.locator('ion-header') }).last();

/** True when the top bar itself is what lies at the centre of `target` (nothing covers it). */
function onTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    // Shadow DOM: the document answers with the host of what was hit.
    const root = element.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : element;
    return hit !== null && (host === hit || host.contains(hit));
  });
}

async function showUpdateBanner(page: Page): Promise<void> {
  await writeFile(versionFile(), JSON.stringify({ version: `a-newer-build-${Date.now()}` }));
  await page.clock.fastForward(61_000);
  await page.getByText('Application update!').waitFor();
}

async function expectTopBarClear(page: Page): Promise<void> {
  const view = shownPage(page);
  const title = view.locator('h1.page-title');
  const profile = view.getByRole('link', { name: 'Your profile' });
  const logOut = view.getByRole('button', { name: 'Log out' });
  for (const item of [title, profile, logOut]) {
    await item.waitFor();
    // The banner has only just appeared: the layout settles below it.
    await expect.poll(() => onTop(item)).toBe(true);
  }
  const bannerAboveHeader = async () => {
    const banner = await page.getByRole('status').filter({ hasText: 'Application update!' }).boundingBox();
    const header = await view.locator('ion-header').boundingBox();
    return banner && header && banner.y + banner.height <= header.y + 0.5;
  };
  await expect.poll(bannerAboveHeader).toBe(true);

  // Clicked as a user would (Playwright refuses when something else would take the click).
  await logOut.click({ timeout: 5_000 });
  await page.getByText('You want to log out of the product').waitFor();
  await page.getByRole('button', { name: 'NO' }).click();
  await page.getByText('You want to log out of the product').waitFor({ state: 'detached' });
  await profile.click({ timeout: 5_000 });
}

describe("the 'Application update!' banner sits above the top bar, covering nothing", () => {
  it.each<[string, BrowserContextOptions, string]>([
    ['an admin on a desktop', DESKTOP, 'admin'],
    ['a teacher on a phone', PHONE, 'teacher'],
  ])('for %s, the title, avatar and log out stay visible and clickable', async (_who, viewport, username) => {
    const { context, page, errors } = await openApp(browser, viewport);
    try {
      await writeFile(versionFile(), original);
      await page.clock.install();
      await signIn(page, username);
      await showUpdateBanner(page);
      await expectTopBarClear(page);
      await page.waitForURL(/\/(profile|teachers\/ProfileMobile)$/i);
      expect(errors).toEqual([]);
    } finally {
      await writeFile(versionFile(), original);
      await context.close();
    }
  });
});
