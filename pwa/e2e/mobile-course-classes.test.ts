import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, openApp, PHONE } from './app-driver';
import { api, apiSignIn, type StoredUser } from './api-driver';

// A course longer than the phone's synced window (4 weeks back, 8 ahead): online, its class list
// on /teachers/CoursesMobile shows every class; with no signal, the classes saved on the phone
// and a note saying so. Also: /teachers/main is the teacher's home.

const CACHED_ONLY_NOTE = 'Only the classes saved on this phone are shown.';

let browser: Browser;
let admin: StoredUser;
let teacher: StoredUser;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, teacher] = [await apiSignIn('admin'), await apiSignIn('teacher')];
});
afterAll(async () => {
  await browser?.close();
});

/** A weekly course of the teacher from 20 weeks ago to 19 weeks ahead: most of it outside the window. */
async function longCourse(): Promise<{ courseId: number }> {
  const teacherId = teacher.roles[0]?.entityId ?? 0;
  const london = DateTime.now().setZone('Europe/London');
  const dmy = (date: DateTime) => `${date.day}/${date.month}/${date.year}`;
  const start = london.minus({ weeks: 20 });
  const { students } = await api<{ students: { studentId: number }[] }>(admin, '/api/students/getall?companyId=1');
  const [rate] = await api<{ teacherRateId: number }[]>(admin, `/api/teachers/GetTeachersRateByTeacherId?id=${teacherId}&onlyActive=true`);
  const course = await api<{ courseId: number }>(admin, '/api/courses/upsert', {
    title: `Long course ${Date.now()}`, description: 'Runs longer than the phone keeps', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
    startDateString: dmy(start), endDateString: dmy(london.plus({ weeks: 25 })), duration: 40, classLengthTemplate: 60, price: 100, courseStatusId: 2,
  });
  await api(admin, '/api/courses/UpdateStudentStatus', { courseId: course.courseId, students: [{ studentId: students[0]?.studentId, statusId: 1 }] });
  await api(admin, '/api/classes/GenerateClasses', {
    courseId: course.courseId, teacherId, teacherRateId: rate?.teacherRateId, time: '06:00', scheduleId: 1,
    startDateString: dmy(start), numberOfClasses: 40, classLength: 60, allowClashes: true,
  });
  return { courseId: course.courseId };
}

/** How many of the course's classes the teacher's phone database holds. */
function classesOnPhone(page: Page, userId: number, courseId: number): Promise<number> {
  return page.evaluate(
    ({ name, id }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('classes', 'readonly').objectStore('classes').getAll();
          request.onsuccess = () => {
            resolve((request.result as { courseId: number }[]).filter((row) => row.courseId === id).length);
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
    { name: `rollbook-u${userId}`, id: courseId },
  );
}

const visibleText = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).filter({ visible: true });
const unexpected = (errors: string[]) => errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'));
const rowLabel = (cls: ClassItem) => `${cls.weekday} ${cls.classDateString}`;

describe("a long course's class list on the teacher's phone", () => {
  it('lists every class online, and offline the classes on the phone with a note', async () => {
    const course = await longCourse();
    const all = (await api<ClassListResponse>(teacher, `/api/classes/GetByFilter?courseId=${course.courseId}`)).classes;
    expect(all).toHaveLength(40);

    const { context, page, errors } = await openApp(browser, PHONE);
    try {
      await page.goto('/login');
      await page.evaluate((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), teacher);
      // The teacher's home also answers at /teachers/main (spec 2.1).
      await page.goto('/teachers/main');
      await heading(page, 'Home').waitFor();
      await page.locator('ion-segment-button').filter({ hasText: 'Courses' }).filter({ visible: true }).first().waitFor();
      await expect(visibleText(page, 'Coming soon').count()).resolves.toBe(0);

      await page.goto('/teachers/CoursesMobile');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await visibleText(page, /^Last updated \d\d:\d\d$/).waitFor({ timeout: 30_000 });
      const card = page.locator(`[data-course-id="${course.courseId}"]`).filter({ visible: true });
      const dialog = page.locator('ion-modal.show-modal');
      const rows = dialog.locator('ion-list[aria-label="Classes"] ion-item');
      // The server names the course itself (company, subject, level, start, length).
      const shownTitle = (await card.locator('.mobile-card__title').textContent()) ?? '';
      const openClassList = async () => {
        await card.getByRole('button', { name: `Classes of ${shownTitle}`, exact: true }).click();
        await dialog.locator('ion-list[aria-label="Classes"]').waitFor();
      };
      const closeClassList = async () => {
        await dialog.getByRole('button', { name: 'Close' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      };

      const onPhone = await classesOnPhone(page, teacher.userId, course.courseId);
      expect(onPhone).toBeGreaterThan(0);
      expect(onPhone).toBeLessThan(all.length);

      await openClassList();
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(all.length);
      expect(await rows.first().locator('h3').textContent()).toBe(rowLabel(all[0] as ClassItem));
      expect(await rows.last().locator('h3').textContent()).toBe(rowLabel(all[all.length - 1] as ClassItem));
      await expect(dialog.getByText(CACHED_ONLY_NOTE, { exact: true }).count()).resolves.toBe(0);
      await closeClassList();

      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      await openClassList();
      await dialog.getByText(CACHED_ONLY_NOTE, { exact: true }).waitFor();
      await expect.poll(() => rows.count()).toBe(onPhone);
      await closeClassList();
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
