import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, heading, launchBrowser, openApp, PHONE } from './app-driver';

// A teacher reschedules and moves classes to the end of their course with no signal; the changes
// show on the phone at once, survive a reload, and reach the server in order (the last one wins).

interface StoredUser {
  token: string;
}

let browser: Browser;
let teacher: StoredUser;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${teacher.token}` } });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl()}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
  });
  teacher = (await response.json()) as StoredUser;
});
afterAll(async () => {
  await browser?.close();
});

const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });
const card = (page: Page, classId: number) => page.locator(`[data-class-id="${classId}"]`).filter({ visible: true });
const openDialog = (page: Page) => page.locator('ion-modal.show-modal');

async function pick(page: Page, dialog: Locator, label: 'Hour' | 'Minutes', value: string): Promise<void> {
  await dialog.locator('ion-select').filter({ hasText: label }).click();
  await page.locator('ion-popover').getByRole('radio', { name: value, exact: true }).click();
  await page.locator('ion-popover').waitFor({ state: 'detached' });
}

async function reschedule(page: Page, classId: number, hour: string, minute: string, length: number): Promise<void> {
  await card(page, classId).getByRole('button', { name: /^Reschedule class/ }).click();
  await page.getByRole('dialog', { name: 'Reschedule class' }).waitFor();
  const dialog = openDialog(page);
  await pick(page, dialog, 'Hour', hour);
  await pick(page, dialog, 'Minutes', minute);
  await dialog.getByLabel('Duration in mins').fill(String(length));
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

const end = (hour: string, minute: string, length: number) => {
  const minutes = Number(hour) * 60 + Number(minute) + length;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

describe('rescheduling on the phone with no signal', () => {
  it('shows each reschedule and move at once, keeps them across a reload and applies them in order once online', async () => {
    const nextWeek = await api<ClassListResponse>('/api/classes/GetByFilter?timePeriod=W&dateMultiplier=1');
    const movable = nextWeek.classes.filter((cls: ClassItem) => cls.seriesStatusId === 1 && cls.courseStatusId === 2 && cls.classLength > 30);
    const [rescheduled, moved] = movable;
    expect(rescheduled && moved).toBeTruthy();
    if (!rescheduled || !moved) return;
    const shorter = rescheduled.classLength - 15;

    const { context, page, errors } = await openApp(browser, PHONE);
    try {
      await page.goto('/login');
      await page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), teacher);
      await page.goto('/teachers/classesmobile');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await visibleText(page, /^Last updated \d\d:\d\d$/).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Next' }).click();
      await heading(page, `Classes in week ${nextWeek.datesSelected}`).waitFor();
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();

      await reschedule(page, rescheduled.classId, '06', '30', shorter);
      await card(page, rescheduled.classId).getByText(`${rescheduled.classDateString} · 06:30 - ${end('06', '30', shorter)}`).waitFor();
      await card(page, rescheduled.classId).getByText('Not sent yet').waitFor();
      await reschedule(page, rescheduled.classId, '06', '05', shorter);
      await card(page, rescheduled.classId).getByText(`${rescheduled.classDateString} · 06:05 - ${end('06', '05', shorter)}`).waitFor();

      await card(page, moved.classId).getByRole('button', { name: /^Reschedule class/ }).click();
      const dialog = openDialog(page);
      await dialog.getByRole('button', { name: 'MOVE TO END' }).click();
      await dialog.getByText('Are you sure you wish to move this class to the end of the course?').waitFor();
      await dialog.getByRole('button', { name: 'CONFIRM' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await card(page, moved.classId).getByText('Moving to the end of the course').waitFor();
      await visibleText(page, 'Pending changes: 3').waitFor();

      await page.reload();
      await visibleText(page, 'Pending changes: 3').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await card(page, rescheduled.classId).getByText(`${rescheduled.classDateString} · 06:05 - ${end('06', '05', shorter)}`).waitFor();

      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await visibleText(page, 'Sync issues (0)').waitFor();

      const after = await api<ClassItem>(`/api/classes/getbyid?id=${rescheduled.classId}`);
      expect([after.classDateString, after.time, after.classLength]).toEqual([rescheduled.classDateString, '06:05', shorter]);
      const courseClasses = await api<ClassItem[]>(`/api/classes/GetByCourseId?id=${moved.courseId}`);
      const last = [...courseClasses].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)).at(-1);
      expect(last?.classId).toBe(moved.classId);
      // The moved class left this week on the phone too, once the server's answer came back.
      await card(page, moved.classId).waitFor({ state: 'detached' });
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
