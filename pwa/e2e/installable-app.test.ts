import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, DESKTOP, heading, launchBrowser, openApp } from './app-driver';
import { CHROMIUM_LAUNCH_OPTIONS } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable app', () => {
  it('serves a valid web manifest with real icons', async () => {
    const { context, page } = await openApp(browser);
    try {
      await page.goto('/login');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const response = await page.request.get(new URL(href ?? '', baseUrl()).toString());
      expect(response.ok()).toBe(true);
      const manifest = (await response.json()) as {
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        scope: string;
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Rollbook',
        short_name: 'Rollbook',
        display: 'standalone',
        start_url: '/',
        scope: '/',
      });
      expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose ?? 'any'])).toEqual(
        expect.arrayContaining([
          ['192x192', 'any'],
          ['512x512', 'any'],
          ['512x512', 'maskable'],
        ]),
      );
      for (const icon of manifest.icons) {
        const image = await page.request.get(new URL(icon.src, baseUrl()).toString());
        expect(image.headers()['content-type']).toContain('image/png');
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(await image.body())).toEqual({ width, height });
      }
    } finally {
      await context.close();
    }
  });

  it('registers a service worker that serves the app shell, also offline', async () => {
    const { context, page, errors } = await openApp(browser);
    try {
      await page.goto('/login');
      const worker = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const active = registration.active;
        if (active && active.state !== 'activated') {
          await new Promise((resolve) => active.addEventListener('statechange', resolve));
        }
        return { scope: registration.scope, state: active?.state, script: active?.scriptURL };
      });
      expect(worker).toEqual({ scope: `${baseUrl()}/`, state: 'activated', script: `${baseUrl()}/sw.js` });

      // A navigation answered by the worker proves it has a fetch handler.
      const reload = await page.reload();
      expect(reload?.fromServiceWorker()).toBe(true);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl()}/sw.js`);

      await context.setOffline(true);
      await page.goto('/Classes');
      await heading(page, 'Log In').waitFor();
      await context.setOffline(false);
      // Offline, the app's version check cannot reach the server; Chromium logs that.
      expect(errors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("passes Chromium's installability checks", async () => {
    // Incognito contexts are never installable, so this one gets a real profile.
    const profile = await mkdtemp(join(tmpdir(), 'rollbook-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM_LAUNCH_OPTIONS, ...DESKTOP, baseURL: baseUrl() });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await heading(page, 'Log In').waitFor();
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('reports the version of the served build at /api/infra/GetVersionNumber', async () => {
    const { context, page } = await openApp(browser);
    try {
      const built = (await (await page.request.get('/version.json')).json()) as { version: string };
      const reported = (await (await page.request.get('/api/infra/GetVersionNumber')).json()) as { version: string };
      expect(built.version).toMatch(/\S/);
      expect(reported).toEqual(built);
    } finally {
      await context.close();
    }
  });

  it('shows the Application update! banner once the server reports a new version', async () => {
    const versionFile = join(inject('pwaDist'), 'version.json');
    const original = await readFile(versionFile, 'utf8');
    const { context, page, errors } = await openApp(browser);
    try {
      await page.clock.install();
      const firstCheck = page.waitForResponse((response) => response.url().endsWith('/api/infra/GetVersionNumber'));
      await page.goto('/login');
      await heading(page, 'Log In').waitFor();
      await firstCheck;
      await expect(page.getByText('Application update!').count()).resolves.toBe(0);

      await writeFile(versionFile, JSON.stringify({ version: 'a-newer-build' }));
      await page.clock.fastForward(61_000);
      await page.getByText('Application update!').waitFor();

      // UPDATE reloads into the new build, which is then the first version that page has seen.
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'UPDATE' }).click();
      await reloaded;
      await heading(page, 'Log In').waitFor();
      const nextCheck = page.waitForResponse((response) => response.url().endsWith('/api/infra/GetVersionNumber'));
      await page.clock.fastForward(61_000);
      await nextCheck;
      await expect(page.getByText('Application update!').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await writeFile(versionFile, original);
      await context.close();
    }
  });
});
