import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, launchBrowser, menuLabels, openApp, PHONE, signIn, tabLabels, type AppPage } from './app-driver';

/** Every signed-in route of the specs with the title its page shows (ids are examples). */
const ROUTES: [path: string, title: string][] = [
  ['/Memberships', 'Students'],
  ['/students', 'Students'],
  ['/studentsform', 'Student'],
  ['/studentsform/1', 'Student'],
  ['/studentsForm/1', 'Student'],
  ['/Classes', 'Classes'],
  ['/classes', 'Classes'],
  ['/teachers', 'Teachers'],
  ['/teachersform', 'Teacher'],
  ['/teachersForm/2', 'Teacher'],
  ['/TeachersPayments', 'Payments'],
  ['/courses', 'Courses'],
  ['/rooms', 'Rooms'],
  ['/roomsForm', 'Room'],
  ['/roomsForm/3', 'Room'],
  ['/companies', 'Companies'],
  ['/companiesform', 'Company'],
  ['/companiesForm/4', 'Company'],
  ['/coursesform/', 'Course'],
  ['/CoursesForm/5', 'Course'],
  ['/profile', 'Profile'],
  ['/Reports', 'Payments'],
  ['/notes', 'Notes'],
  ['/students/main', 'Home'],
  ['/teachers/main', 'Home'],
  ['/teachers/class', 'Class'],
  ['/teachers/MarkClassesMobile', 'Mark classes'],
  ['/teachers/PaymentsMobile', 'Payments'],
  ['/teachers/ProfileMobile', 'Profile'],
  ['/teachers/StudentsMobile', 'Students'],
  ['/teachers/CoursesMobile', 'Courses'],
  ['/teachers/classesmobile', 'Classes'],
  ['/teachers/classesmobile/6', 'Classes'],
  ['/students/classesmobile', 'Classes'],
  ['/students/coursesmobile', 'Courses'],
  ['/students/chat', 'Chat'],
  ['/attendance-warnings', 'Students below 80% attendance'],
];

const PRINT_ROUTES: [path: string, title: string][] = [
  ['/reports/printpaymentreport?isTeacher=true&id=1', 'Payment report'],
  ['/reports/printstudentattendence?id=1', 'Student attendance report'],
];

let browser: Browser;
let admin: AppPage;

/** The path opens a page of the app (its own screen, or "Coming soon" until its issue lands), never "Page not found". */
async function expectPage(page: Page, path: string, title: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const placeholder = page.getByText('Coming soon', { exact: true });
  if (await placeholder.isVisible()) await heading(page, title).waitFor();
  await expect(page.getByText('Page not found').isVisible()).resolves.toBe(false);
  expect(new URL(page.url()).pathname.toLowerCase()).toBe(new URL(path, 'http://x').pathname.toLowerCase());
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

describe('routes', () => {
  it.each(ROUTES)('opens %s as the "%s" page', async (path, title) => {
    await expectPage(admin.page, path, title);
    await admin.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it.each(PRINT_ROUTES)('opens the print page %s without any navigation', async (path, title) => {
    await expectPage(admin.page, path, title);
    await expect(admin.page.getByRole('navigation', { name: 'Main menu' }).isVisible()).resolves.toBe(false);
    await expect(admin.page.getByRole('button', { name: 'Log out' }).isVisible()).resolves.toBe(false);
    expect(admin.errors).toEqual([]);
  });

  it('shows a not-found page for an unknown address', async () => {
    await admin.page.goto('/no/such/page');
    await heading(admin.page, 'Page not found').waitFor();
    await admin.page.getByRole('link', { name: 'Go to the home page' }).click();
    await heading(admin.page, 'Dashboard').waitFor();
  });

  it('moves between pages through the sidebar', async () => {
    await admin.page.goto('/');
    const menu = admin.page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Payments', { exact: true }).click();
    await heading(admin.page, 'Payments').waitFor();
    expect(new URL(admin.page.url()).pathname).toBe('/Reports');
    await menu.getByText('Dashboard', { exact: true }).click();
    await heading(admin.page, 'Dashboard').waitFor();
    expect(new URL(admin.page.url()).pathname).toBe('/');
  });

  it("opens an admin's profile from the avatar", async () => {
    await admin.page.goto('/courses');
    await admin.page.getByRole('link', { name: 'Your profile' }).click();
    await admin.page.waitForURL((url) => url.pathname === '/profile');
    await heading(admin.page, 'Profile').waitFor();
  });
});

describe('the phone layout', () => {
  it('gives a teacher bottom tabs, and the avatar opens the mobile profile page', async () => {
    const teacher = await openApp(browser, PHONE);
    try {
      await signIn(teacher.page, 'teacher');
      expect(await tabLabels(teacher.page)).toEqual(['Home', 'Courses', 'Classes', 'Students']);
      await teacher.page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Classes' }).click();
      await heading(teacher.page, 'Classes').waitFor();
      expect(new URL(teacher.page.url()).pathname).toBe('/teachers/classesmobile');

      await teacher.page.getByRole('link', { name: 'Your profile' }).click();
      await teacher.page.waitForURL((url) => url.pathname === '/teachers/ProfileMobile');
      await heading(teacher.page, 'Profile').waitFor();
      expect(teacher.errors).toEqual([]);
    } finally {
      await teacher.context.close();
    }
  });

  it('gives a student bottom tabs and the sidebar behind the menu button', async () => {
    const student = await openApp(browser, PHONE);
    try {
      await signIn(student.page, 'student');
      expect(await tabLabels(student.page)).toEqual(['Home', 'Classes', 'Courses']);
      await student.page.getByRole('button', { name: 'Open menu' }).click();
      expect(await menuLabels(student.page)).toEqual(['Home', 'Classes', 'Courses']);
      expect(student.errors).toEqual([]);
    } finally {
      await student.context.close();
    }
  });

  it('gives an admin on a phone no bottom tabs', async () => {
    const phoneAdmin = await openApp(browser, PHONE);
    try {
      await signIn(phoneAdmin.page, 'admin');
      await heading(phoneAdmin.page, 'Dashboard').waitFor();
      await expect(phoneAdmin.page.getByRole('navigation', { name: 'Tabs' }).count()).resolves.toBe(0);
    } finally {
      await phoneAdmin.context.close();
    }
  });
});
