import {
  attendanceRateText, isBelowThreshold, type AttendanceRates, type AttendanceWarning, type AttendanceWarningList,
} from '@rollbook/shared-types/attendance-warnings';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, menuItem, openApp, pagedList, recordRequests, signIn, unpagedRequests, type AppPage } from './app-driver';
import { api, apiSignIn, type StoredUser } from './api-driver';
import { segment, view } from './scheduling-driver';
import { waitUntilPageHeadingIs, waitUntilUserSees } from './user-sees';

// Attendance warnings, as the admin uses them: the dashboard tile names the school's
// threshold and counts the students below it; its list pages, sorts and searches on the server;
// the threshold is changed on the list, and tile, title and rows follow; a row opens the student,
// whose profile shows the rate per course, as the course's students tab does. The demo school's
// marked registers give students on both sides of the thresholds used.

let browser: Browser;
let admin: AppPage;
let adminApi: StoredUser;
/** Every list request the browser made, and every threshold change it sent. */
let listRequests: URL[] = [];
const thresholdPosts: Request[] = [];

/** Every row of the list at the current threshold, as the API gives them (lowest rate first). */
async function allWarnings(): Promise<AttendanceWarning[]> {
  const rows: AttendanceWarning[] = [];
  for (let page = 1; ; page++) {
    const list = await api<AttendanceWarningList>(adminApi, `/api/reports/GetAttendanceWarnings?pageSize=100&page=${page}`);
    rows.push(...list.warnings);
    if (rows.length >= list.total || list.warnings.length === 0) return rows;
  }
}

const tile = (page: Page, percent: number) =>
  page.getByRole('list', { name: 'Counts' }).getByRole('link', { name: new RegExp(`Students below ${percent}% attendance$`) });
const { table, pager, settled } = pagedList(
  (shown) => shown.getByRole('table', { name: 'Students below the threshold' }),
  'Pages of attendance warnings',
);
const studentCells = (page: Page) => table(page).locator('tbody tr td:first-child').allTextContents();

beforeAll(async () => {
  adminApi = await apiSignIn('admin');
  await api(adminApi, '/api/settings/UpdateAttendanceThreshold', { threshold: 80 });
  browser = await launchBrowser();
  admin = await openApp(browser);
  listRequests = recordRequests(admin.page, '/api/reports/GetAttendanceWarnings');
  admin.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/settings/UpdateAttendanceThreshold') thresholdPosts.push(request);
  });
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  // The school's default again, for the files that follow.
  if (adminApi) await api(adminApi, '/api/settings/UpdateAttendanceThreshold', { threshold: 80 });
  await browser?.close();
});

describe('attendance warnings', () => {
  it('counts on the dashboard tile the rows its list shows, and the list follows a new threshold', async () => {
    const { page } = admin;
    const at80 = await allWarnings();
    expect(at80.length).toBeGreaterThan(2);
    // A second threshold that splits the demo school's students: the middle row's rate.
    const lower = Math.max(1, at80[Math.floor(at80.length / 2)]?.rate ?? 1);
    const atLower = at80.filter((w) => isBelowThreshold(w.attended, w.held, lower));
    expect(atLower.length).toBeGreaterThan(0);
    expect(atLower.length).toBeLessThan(at80.length);

    await waitUntilUserSees(tile(page, 80), 'the attendance warnings tile');
    expect((await tile(page, 80).locator('.count-tile__count').textContent())?.trim()).toBe(String(at80.length));
    await tile(page, 80).click();
    await waitUntilPageHeadingIs(page, 'Students below 80% attendance');
    await page.waitForURL((url) => url.pathname === '/attendance-warnings' && url.search === '');
    await settled(page);
    await pager(page).getByText(new RegExp(`, ${at80.length} found$`)).waitFor();
    // Lowest rate first, as the server orders them; the page shows each rate as the shared rule writes it.
    const firstPage = at80.slice(0, 50);
    await expect.poll(() => studentCells(page)).toEqual(firstPage.map((w) => `${w.firstName} ${w.lastName}`));
    const rates = await table(page).locator('tbody tr td:nth-child(3)').allTextContents();
    expect(rates).toEqual(firstPage.map((w) => attendanceRateText(w.attended, w.held)));

    // Sorted by the Student column on the server, kept in the address.
    await table(page).getByRole('button', { name: 'Student', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'student');
    await table(page).locator('th[aria-sort="ascending"]', { hasText: 'Student' }).waitFor();
    await settled(page);
    const byStudent = await api<AttendanceWarningList>(adminApi, '/api/reports/GetAttendanceWarnings?sort=student&page=1&pageSize=50');
    await expect.poll(() => studentCells(page)).toEqual(byStudent.warnings.map((w) => `${w.firstName} ${w.lastName}`));

    // Searched by a student's surname, on the server.
    const target = at80[0] as AttendanceWarning;
    await view(page).getByLabel('Student or course', { exact: true }).pressSequentially(target.lastName, { delay: 30 });
    await page.waitForURL((url) => url.searchParams.get('q') === target.lastName);
    await settled(page);
    const found = await api<AttendanceWarningList>(adminApi, `/api/reports/GetAttendanceWarnings?sort=student&q=${encodeURIComponent(target.lastName)}`);
    await expect.poll(() => studentCells(page)).toEqual(found.warnings.map((w) => `${w.firstName} ${w.lastName}`));
    await pager(page).getByText(new RegExp(`, ${found.total} found$`)).waitFor();
    await view(page).getByRole('button', { name: 'RESET', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/attendance-warnings' && url.search === '');
    await pager(page).getByText(new RegExp(`, ${at80.length} found$`)).waitFor();

    // A threshold out of range is refused beside the field with the API's message, and never sent.
    const field = view(page).getByLabel('Threshold (%)', { exact: true });
    await field.fill('0');
    await view(page).getByRole('button', { name: 'SAVE', exact: true }).click();
    await waitUntilUserSees(view(page).getByText('Please give the threshold as a whole percent from 1 to 100', { exact: true }), 'the threshold message');
    expect(thresholdPosts).toEqual([]);

    // A new threshold: title, count and rows follow at once.
    await field.fill(String(lower));
    await view(page).getByRole('button', { name: 'SAVE', exact: true }).click();
    await waitUntilPageHeadingIs(page, `Students below ${lower}% attendance`);
    await pager(page).getByText(new RegExp(`, ${atLower.length} found$`)).waitFor();
    await settled(page);
    await expect.poll(() => studentCells(page)).toEqual(atLower.slice(0, 50).map((w) => `${w.firstName} ${w.lastName}`));
    expect(thresholdPosts).toHaveLength(1);

    // And so does the dashboard's tile.
    await menuItem(page, 'Dashboard').click();
    await waitUntilPageHeadingIs(page, 'Dashboard');
    await waitUntilUserSees(tile(page, lower), `the tile for ${lower}%`);
    await expect.poll(async () => (await tile(page, lower).locator('.count-tile__count').textContent())?.trim()).toBe(String(atLower.length));

    // Every list request asked for one page.
    expect(listRequests.length).toBeGreaterThan(0);
    expect(unpagedRequests(listRequests)).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it("opens a listed student, whose profile and course's students tab show the rate, and the tab's link lists that course's students below the threshold", async () => {
    const { page } = admin;
    const threshold = (await api<{ threshold: number }>(adminApi, '/api/settings/GetAttendanceThreshold')).threshold;
    const [row] = await allWarnings();
    if (!row) throw new Error('the demo school has no student below the threshold');
    const rate = attendanceRateText(row.attended, row.held);
    const name = `${row.firstName} ${row.lastName}`;

    await tile(page, threshold).click();
    await waitUntilPageHeadingIs(page, `Students below ${threshold}% attendance`);
    await settled(page);
    await table(page).locator(`tr[data-student-id="${row.studentId}"][data-course-id="${row.courseId}"]`).getByRole('link', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase() === `/studentsform/${row.studentId}`);
    await waitUntilPageHeadingIs(page, 'Student');

    // The profile's courses: this course's rate, flagged below the threshold.
    const courses = view(page).locator('section[aria-labelledby="courses-attended-heading"]');
    // Found by the course's address: two courses may share a title (a clone keeps it).
    const courseRow = courses.getByRole('row').filter({ has: page.locator(`a[href="/CoursesForm/${row.courseId}" i]`) });
    await waitUntilUserSees(courseRow.getByTestId('attendance-rate').getByText(`${rate} below ${threshold}%`, { exact: true }), `${name}'s rate on ${row.courseTitle}`);
    const ofStudent = await api<AttendanceRates>(adminApi, `/api/reports/GetAttendanceRates?studentId=${row.studentId}`);
    expect(ofStudent.rates.find((r) => r.courseId === row.courseId)?.rate).toBe(row.rate);

    // The course, from the profile: its students tab shows the same rate for the student.
    await courseRow.getByRole('link', { name: row.courseTitle, exact: true }).click();
    await waitUntilPageHeadingIs(page, 'Course');
    await segment(page, 'Students').click();
    await view(page).getByLabel('First name', { exact: true }).fill(row.firstName);
    const studentRow = view(page).locator(`.course-students tr[data-student-id="${row.studentId}"]`);
    await waitUntilUserSees(studentRow.getByTestId('attendance-rate').getByText(`${rate} below ${threshold}%`, { exact: true }), `${name}'s rate on the students tab`);

    // From the tab, the course's own students below the threshold; then every course again.
    const ofCourse = await api<AttendanceWarningList>(adminApi, `/api/reports/GetAttendanceWarnings?courseId=${row.courseId}`);
    await view(page).getByRole('link', { name: `Students below ${threshold}% attendance`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/attendance-warnings' && url.searchParams.get('courseId') === String(row.courseId));
    await waitUntilPageHeadingIs(page, `Students below ${threshold}% attendance`);
    await settled(page);
    await waitUntilUserSees(view(page).getByText(`Course: ${row.courseTitle}`, { exact: true }), 'the course the list is of');
    await pager(page).getByText(new RegExp(`, ${ofCourse.total} found$`)).waitFor();
    await expect.poll(() => studentCells(page)).toEqual(ofCourse.warnings.map((w) => `${w.firstName} ${w.lastName}`));
    expect(await table(page).locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(ofCourse.warnings.map(() => row.courseTitle));
    await view(page).getByRole('button', { name: 'ALL COURSES', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/attendance-warnings' && url.search === '');
    const all = await api<AttendanceWarningList>(adminApi, '/api/reports/GetAttendanceWarnings?pageSize=1');
    await pager(page).getByText(new RegExp(`, ${all.total} found$`)).waitFor();
    expect(admin.errors).toEqual([]);
  });
});
