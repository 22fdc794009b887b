import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser } from './app-driver';
import {
  api, apiSignIn, classCard as card, openTeacherPhone, reschedule, shownDialog, unexpected, visibleText, type StoredUser,
} from './sync-driver';

// A teacher reschedules and moves classes to the end of their course with no signal; the changes
// show on the phone at once, survive a reload, and reach the server in order (the last one wins).

let browser: Browser;
let teacher: StoredUser;

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiSignIn('teacher');
});
afterAll(async () => {
  await browser?.close();
});

const end = (hour: string, minute: string, length: number) => {
  const minutes = Number(hour) * 60 + Number(minute) + length;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

describe('rescheduling on the phone with no signal', () => {
  it('shows each reschedule and move at once, keeps them across a reload and applies them in order once online', async () => {
    const nextWeek = await api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=1');
    const movable = nextWeek.classes.filter((cls: ClassItem) => cls.seriesStatusId === 1 && cls.courseStatusId === 2 && cls.classLength > 30);
    const [rescheduled, moved] = movable;
    expect(rescheduled && moved).toBeTruthy();
    if (!rescheduled || !moved) return;
    const shorter = rescheduled.classLength - 15;

    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
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
      const dialog = shownDialog(page);
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

      const after = await api<ClassItem>(teacher, `/api/classes/getbyid?id=${rescheduled.classId}`);
      expect([after.classDateString, after.time, after.classLength]).toEqual([rescheduled.classDateString, '06:05', shorter]);
      const courseClasses = await api<ClassItem[]>(teacher, `/api/classes/GetByCourseId?id=${moved.courseId}`);
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
