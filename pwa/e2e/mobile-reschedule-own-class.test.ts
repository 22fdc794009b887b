import type { ClassItem, ClassListResponse } from '@rollbook/shared-types/classes';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser } from './app-driver';
import { api, apiSignIn, classCard, openRescheduleForm, openTeacherPhone, unexpected, visibleText, type StoredUser } from './sync-driver';

// On the phone, the reschedule form of one class once opened with the date, time and length
// of the class whose form was open before, and saving moved the second class to the first's day.
// Each form must open on its own class's values, online and with no signal.

let browser: Browser;
let teacher: StoredUser;

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await apiSignIn('teacher');
});
afterAll(async () => {
  await browser?.close();
});

const nextWeek = () => api<ClassListResponse>(teacher, '/api/classes/GetByFilter?timePeriod=W&dateMultiplier=1');

/** Two classes of next week (as the server has them now) the teacher may reschedule, on different days and at different times or lengths. */
async function twoDifferentClasses(): Promise<[ClassItem, ClassItem]> {
  const movable = (await nextWeek()).classes.filter((cls) => cls.seriesStatusId === 1 && cls.courseStatusId === 2 && cls.classLength > 30);
  const first = movable[0];
  const second = movable.find((cls) => cls.classDateString !== first?.classDateString && (cls.time !== first?.time || cls.classLength !== first?.classLength));
  if (!first || !second) throw new Error('The demo school has no two such classes next week');
  return [first, second];
}

interface FormValues {
  date: string;
  hour: number;
  minute: number;
  length: string;
}

async function formValues(dialog: Locator): Promise<FormValues> {
  const selected = (label: string) => dialog.locator('ion-select').filter({ hasText: label }).evaluate((select) => Number((select as HTMLElement & { value?: unknown }).value));
  return {
    date: await dialog.getByRole('textbox', { name: 'Class date' }).inputValue(),
    hour: await selected('Hour'),
    minute: await selected('Minutes'),
    length: await dialog.getByLabel('Duration in mins').inputValue(),
  };
}

const ownValues = (cls: ClassItem): FormValues => ({
  date: cls.classDateString,
  hour: Number(cls.time.slice(0, 2)),
  minute: Number(cls.time.slice(3, 5)),
  length: String(cls.classLength),
});

async function closeForm(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Opens the first class's form and closes it, then opens the second's: it shows the second's own values; saves a shorter length. */
async function rescheduleSecondAfterFirst(page: Page, first: ClassItem, second: ClassItem): Promise<number> {
  const firstDialog = await openRescheduleForm(page, first.classId);
  await expect.poll(() => formValues(firstDialog)).toEqual(ownValues(first));
  await closeForm(page, firstDialog);

  const dialog = await openRescheduleForm(page, second.classId);
  await expect.poll(() => formValues(dialog)).toEqual(ownValues(second));
  const shorter = second.classLength - 5;
  await dialog.getByLabel('Duration in mins').fill(String(shorter));
  await dialog.getByRole('button', { name: 'SAVE' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return shorter;
}

/** The class on the server, once the phone's change reached it: its own day and time, the length given. */
async function expectOnServer(cls: ClassItem, classLength: number): Promise<void> {
  const read = async () => {
    const after = await api<ClassItem>(teacher, `/api/classes/getbyid?id=${cls.classId}`);
    return [after.classDateString, after.time, after.classLength];
  };
  await expect.poll(read, { timeout: 30_000 }).toEqual([cls.classDateString, cls.time, classLength]);
}

async function showNextWeek(page: Page): Promise<void> {
  const { datesSelected } = await nextWeek();
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, `Classes in week ${datesSelected}`).waitFor();
}

describe("the phone's reschedule form opens on its own class", () => {
  it('online: after another class\'s form, it shows the class\'s own date, time and length, and saving keeps its day', async () => {
    const [first, second] = await twoDifferentClasses();
    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
      await showNextWeek(page);
      const shorter = await rescheduleSecondAfterFirst(page, first, second);
      await expectOnServer(second, shorter);
      await expectOnServer(first, first.classLength);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("offline: after another class's form, it shows the class's own date, time and length, and saving keeps its day", async () => {
    const [first, second] = await twoDifferentClasses();
    const { context, page, errors } = await openTeacherPhone(browser, teacher);
    try {
      await showNextWeek(page);
      await context.setOffline(true);
      await visibleText(page, 'Offline').waitFor();
      // The other way round from the online case: the later class first.
      const shorter = await rescheduleSecondAfterFirst(page, second, first);
      await classCard(page, first.classId).getByText('Not sent yet').waitFor();
      await context.setOffline(false);
      await visibleText(page, 'Pending changes: 0').waitFor({ timeout: 30_000 });
      await expectOnServer(first, shorter);
      await expectOnServer(second, second.classLength);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
