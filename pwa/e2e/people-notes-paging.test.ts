import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, pagedList, range, recordRequests, unpagedRequests } from './app-driver';
import { apiAs, apiSignIn, openSignedIn, openTab, unique } from './people-driver';

// A student's notes tab asks the server for one page at a time (50 notes, newest first) and moves
// through the pages with the pager. The file gives a new student 55 notes through the API.

const NOTES = 55;
const textOf = (n: number) => `Paging note ${String(n).padStart(3, '0')}`;

let browser: Browser;
let admin: Awaited<ReturnType<typeof apiSignIn>>;
let studentId: number;

beforeAll(async () => {
  admin = await apiSignIn('admin');
  const api = apiAs(admin);
  ({ studentId } = await api<{ studentId: number }>('/api/students/upsert', {
    method: 'POST',
    body: { firstName: 'Nora', lastName: `Notes${unique()}`, email: `nora.${unique()}@example.org`, companyId: 1, address1: '5 Mill Lane' },
  }));
  // One at a time, so each is newer than the one before.
  for (const n of range(1, NOTES)) {
    await api('/api/notes/savenote', { method: 'POST', body: { entityTypeId: 1, entityId: studentId, text: textOf(n) } });
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const { table: list, pager, settled } = pagedList('.notes-panel__list', 'Pages of notes');
const shownTexts = (page: Page) => list(page).locator('.note__text').allTextContents();

describe("a student's notes in pages", () => {
  it('shows the newest 50 notes, and the older ones after clicking to the next page', async () => {
    const { context, page, errors } = await openSignedIn(browser, admin, `/studentsForm/${studentId}`);
    const noteRequests = recordRequests(page, '/api/notes/GetNotesByTeacherId');
    try {
      await openTab(page, 'Notes');
      await pager(page).getByText(`Page 1 of 2, ${NOTES} found`).waitFor();
      await expect.poll(() => shownTexts(page)).toEqual(range(NOTES, 6).map(textOf));

      await pager(page).getByRole('button', { name: 'NEXT', exact: true }).click();
      await pager(page).getByText(`Page 2 of 2, ${NOTES} found`).waitFor();
      await settled(page);
      await expect.poll(() => shownTexts(page)).toEqual(range(5, 1).map(textOf));

      await pager(page).getByRole('button', { name: 'Page 1', exact: true }).click();
      await pager(page).getByText(`Page 1 of 2, ${NOTES} found`).waitFor();
      await expect.poll(() => shownTexts(page)).toEqual(range(NOTES, 6).map(textOf));

      // Every request asked for one page of this student's notes; none for the whole list.
      expect(noteRequests.length).toBeGreaterThan(0);
      expect(unpagedRequests(noteRequests)).toEqual([]);
      expect(noteRequests.map((url) => url.searchParams.get('entityId'))).toEqual(noteRequests.map(() => String(studentId)));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
