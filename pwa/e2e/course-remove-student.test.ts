import type { CourseListResponse, StudentOnCourse, StudentsOnCourseResponse } from '@rollbook/shared-types/courses';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn, type StoredUser } from './api-driver';
import { launchBrowser, openApp, openFromMenu, signIn, type AppPage } from './app-driver';
import { fill, segment, view } from './scheduling-driver';

// The bin beside a student with marked classes once gave an error toast, with no question first,
// and stayed. A student who can be removed is asked about first, in the spec's words
// (§2.3); one with marked or paid classes has no bin, and the row says why.

const CANNOT_REMOVE = 'This student has marked or paid classes on this course and can not be removed';

let browser: Browser;
let admin: AppPage;
let adminApi: StoredUser;

beforeAll(async () => {
  browser = await launchBrowser();
  adminApi = await apiSignIn('admin');
  admin = await openApp(browser);
  await signIn(admin.page, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/** An Active demo course whose first page of students has one with marked classes and one enquiring (no classes to lose). */
async function courseWithBothKinds(): Promise<{ title: string; marked: StudentOnCourse; removable: StudentOnCourse }> {
  const { courses } = await api<CourseListResponse>(adminApi, '/api/courses/getall?statusId=2');
  for (const course of courses) {
    const { students } = await api<StudentsOnCourseResponse>(adminApi, `/api/students/GetStudentsByCourseId?id=${course.courseId}&page=1`);
    const marked = students.find((s) => s.hasMarkedOrPaid);
    const removable = students.find((s) => !s.hasMarkedOrPaid && s.statusId !== 1);
    if (marked && removable) return { title: course.title, marked, removable };
  }
  throw new Error('The demo school has no such course');
}

describe("removing a student from a course's Students tab", () => {
  it('asks first for a student who can be removed; shows why one with marked classes cannot, with no bin', async () => {
    const { title, marked, removable } = await courseWithBothKinds();
    const { page } = admin;
    await openFromMenu(page, 'Courses');
    await fill(view(page), 'Title', title);
    await view(page).getByRole('link', { name: title, exact: true }).click();
    await segment(page, 'Students').click();
    const row = (student: StudentOnCourse) => view(page).locator('.course-students tbody tr', { hasText: `${student.firstName} ${student.lastName}` });

    const markedName = `${marked.firstName} ${marked.lastName}`;
    await row(marked).getByRole('img', { name: `${markedName}: ${CANNOT_REMOVE}` }).waitFor();
    expect(await row(marked).getByRole('button', { name: `Remove ${markedName}` }).count()).toBe(0);

    const removableName = `${removable.firstName} ${removable.lastName}`;
    const question = page.getByRole('alertdialog').filter({ hasText: 'Are you sure you wish to remove this student?' });
    await row(removable).getByRole('button', { name: `Remove ${removableName}`, exact: true }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'NO', exact: true }).click();
    await question.waitFor({ state: 'detached' });
    await row(removable).waitFor();

    await row(removable).getByRole('button', { name: `Remove ${removableName}`, exact: true }).click();
    await question.getByRole('button', { name: 'YES', exact: true }).click();
    await row(removable).waitFor({ state: 'detached' });
    await row(marked).waitFor();
    expect(admin.errors).toEqual([]);
  });
});
