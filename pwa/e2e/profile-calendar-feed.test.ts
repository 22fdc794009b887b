import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, PHONE } from './app-driver';
import { apiSignIn, expectToast, openSignedIn } from './people-driver';

// A teacher copies the private calendar link from their profile on the phone, and replaces
// it when it got out; the old link then answers 404 to calendar apps.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const fetchFeed = (url: string) => fetch(url).then(async (response) => ({ status: response.status, text: await response.text() }));

describe('calendar feed on the profile', () => {
  it('lets a teacher make and copy their calendar link, replace it (the old one stops) and stop sharing', async () => {
    const teacher = await apiSignIn('teacher');
    // A feed left by an earlier run on the same database: start from none.
    await fetch(`${baseUrl()}/api/calendar/feed`, { method: 'DELETE', headers: { authorization: `Bearer ${teacher.token}` } });
    const { context, page, errors } = await openSignedIn(browser, teacher, '/teachers/ProfileMobile', PHONE);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      const section = page.getByRole('region', { name: 'Calendar feed' });
      await section.getByRole('button', { name: 'MAKE CALENDAR LINK' }).click();
      const link = section.getByLabel('Calendar link');
      await link.waitFor();
      const firstUrl = await link.inputValue();
      expect(firstUrl).toMatch(/^http:\/\/[^/]+\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);

      await section.getByRole('button', { name: 'COPY LINK' }).click();
      await expectToast(page, 'Calendar link copied', 'Well done!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
      const first = await fetchFeed(firstUrl);
      expect(first.status).toBe(200);
      expect(first.text).toContain('BEGIN:VEVENT');

      await section.getByRole('button', { name: 'NEW LINK' }).click();
      await section.getByRole('group', { name: 'Make a new calendar link?' }).getByRole('button', { name: 'NEW LINK' }).click();
      await page.waitForFunction((old) => {
        const input = document.querySelector<HTMLInputElement>('input[aria-label="Calendar link"]');
        return input !== null && input.value !== old;
      }, firstUrl);
      const secondUrl = await link.inputValue();
      expect((await fetchFeed(firstUrl)).status).toBe(404);
      expect((await fetchFeed(secondUrl)).status).toBe(200);

      // Shown once: back on the page later, the link is not there, only when it was made.
      await page.reload();
      await section.getByText('Your calendar link was made on').waitFor();
      expect(await link.count()).toBe(0);

      await section.getByRole('button', { name: 'STOP SHARING' }).click();
      await section.getByRole('group', { name: 'Stop sharing your calendar?' }).getByRole('button', { name: 'STOP SHARING' }).click();
      await section.getByRole('button', { name: 'MAKE CALENDAR LINK' }).waitFor();
      expect((await fetchFeed(secondUrl)).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
