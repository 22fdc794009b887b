import type { Locator, Page } from 'playwright-core';

// Helpers for the scheduling browser tests (Ionic selects, modals and hidden pages).

/** The visible page: Ionic keeps pages it has left in the DOM, hidden. */
export const view = (page: Page) => page.locator('ion-router-outlet > .ion-page:not(.ion-page-hidden)');

/** An Ionic modal by its title (its role=dialog wrapper sits in shadow DOM, apart from the content). */
export const dialogOf = (page: Page, title: string) => page.locator(`ion-modal[aria-label="${title}"]`);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The select labelled so; its button reads "Label, Value". */
export const selectOf = (scope: Locator, label: string) =>
  scope.locator('ion-select').filter({ has: scope.page().getByRole('button', { name: new RegExp(`^${escape(label)}(,|$)`) }) });

/** Picks an option of an Ionic select (popover interface) found by its label. */
export async function pick(scope: Locator, label: string, option: string | RegExp) {
  // The select's own button is drawn inside it, invisible: click the select around it.
  await selectOf(scope, label).click();
  const popover = scope.page().locator('ion-popover');
  await popover.getByRole('radio', { name: option }).first().click();
  await popover.waitFor({ state: 'detached' });
}

/** Fills an Ionic input found by its label (its native input). */
export async function fill(scope: Locator, label: string, text: string) {
  await scope.getByLabel(label, { exact: true }).fill(text);
}

/** A calendar day (a Date at UTC midnight) as typed in a date field: d/M/yyyy. */
export const typedDay = (d: Date) => `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`;

/** The same day as lists and tables show it: dd/MM/yyyy. */
export const shownDay = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** Waits for a 3-second notification with this message. */
export async function toast(page: Page, message: string) {
  await page.getByText(message, { exact: true }).first().waitFor();
}

export const segment = (page: Page, name: string) => view(page).locator('ion-segment-button', { hasText: name });

export interface GeneratorFields {
  teacher: string;
  schedule: string;
  /** d/M/yyyy, as typed. */
  startDate: string;
  hour: string;
  minutes: string;
  /** Left as the dialog proposes when absent. */
  numberOfClasses?: string;
}

/** Fills the class generator as an admin does: teacher, the teacher's first rate, schedule, start date, time, count. */
export async function fillGenerator(dialog: Locator, fields: GeneratorFields) {
  await pick(dialog, 'Teacher', fields.teacher);
  await pick(dialog, 'Rate', /£/);
  await pick(dialog, 'Schedule', fields.schedule);
  await fill(dialog, 'Start date', fields.startDate);
  await pick(dialog, 'Hour', fields.hour);
  await pick(dialog, 'Minutes', fields.minutes);
  if (fields.numberOfClasses !== undefined) await fill(dialog, 'Number of classes', fields.numberOfClasses);
}
