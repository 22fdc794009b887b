import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { heading, pagedList } from './app-driver';
import { waitUntilUserSees } from './user-sees';

// The admin's students and teachers lists: one table of people, "First Last" in its first two
// columns, under a "<Title> - <n> found" heading.

const { table, settled } = pagedList('table.people-table', 'Pages');

/** "First Last" of each row, as the user reads them. */
const names = (page: Page) =>
  table(page).locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent).join(' ')));

/** The list's filters as the address holds them. */
export const addressOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/**
 * showsRows(page, body, what): the page shows the API answer `body`'s rows under its count, with no
 * older answer left on screen. `people` names the answer's rows.
 */
export function peopleList<Body extends { total: number }>(title: 'Students' | 'Teachers', people: (body: Body) => { firstName: string; lastName: string }[]) {
  return async function showsRows(page: Page, body: Body, what: string) {
    await heading(page, `${title} - ${body.total} found`).waitFor();
    await settled(page);
    await waitUntilUserSees(table(page).locator('tbody tr').first(), what);
    await expect.poll(() => names(page)).toEqual(people(body).map((p) => `${p.firstName} ${p.lastName}`));
  };
}
