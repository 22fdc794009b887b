import type { ImportPreview } from '@rollbook/shared-types/import';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createSubject, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { createClass, createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { csv, postCsv, problemsOf } from './import-requests.js';

const ctx = useTestApp();
let admin: Record<string, string>;
let ids: { english: number; beginner: number; acme: number };
const students: string[] = [];

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  const level = await ctx.db.insertInto('courseLevels').values({ name: 'Beginner' }).returning('courseLevelId').executeTakeFirstOrThrow();
  ids = { english: (await createSubject(ctx.db, 'English')).subjectId, beginner: level.courseLevelId, acme: (await createCompany(ctx.db, { name: 'Acme Ltd' })).companyId };
  for (const name of ['amy', 'bob', 'cyd']) students.push((await createStudent(ctx.db, { email: `${name}@course.test`, companyId: ids.acme })).email as string);
});

const HEADINGS = 'External id,Title,Description,Type,Subject,Level,Company,Private,Start date,End date,Number of classes,Class length,Price,Status,Students';
const row = (id: string, changes: Partial<Record<'title' | 'type' | 'subject' | 'level' | 'company' | 'private' | 'start' | 'end' | 'classes' | 'price' | 'status' | 'students', string>> = {}) => {
  const c = { title: `Course ${id}`, type: 'Group', subject: 'English', level: 'Beginner', company: 'Acme Ltd', private: 'No', start: '05/01/2027', end: '30/06/2027', classes: '20', price: '1200', status: 'Active', students: '', ...changes };
  return `${id},${c.title},Evening class,${c.type},${c.subject},${c.level},${c.company},${c.private},${c.start},${c.end},${c.classes},60,${c.price},${c.status},"${c.students}"`;
};
const run = (file: string) => postCsv(ctx.app, admin, 'Run', 'courses', file);
const preview = async (file: string) => (await postCsv(ctx.app, admin, 'Preview', 'courses', file)).json() as ImportPreview;
const course = (externalId: string) => ctx.db.selectFrom('courses').selectAll().where('externalId', '=', externalId).executeTakeFirstOrThrow();
const enrolled = async (courseId: number) =>
  (await ctx.db.selectFrom('enrolments').innerJoin('students', 'students.studentId', 'enrolments.studentId').select(['students.email', 'enrolments.statusId'])
    .where('courseId', '=', courseId).orderBy('students.email').execute()).map((e) => `${e.email}:${e.statusId}`);

describe('importing courses with their enrolments', () => {
  it('creates the courses and enrols the students listed; the same file again changes nothing', async () => {
    const file = csv(HEADINGS, row('C-1', { students: `${students[0]}, ${students[1]}` }), row('C-2', { private: 'Yes', company: '', status: '' }));
    expect((await run(file)).json()).toEqual({ kind: 'courses', created: 2, updated: 0, unchanged: 0 });
    const c1 = await course('C-1');
    expect(c1).toMatchObject({
      title: 'Course C-1', description: 'Evening class', courseTypeId: 1, subjectId: ids.english, courseLevelId: ids.beginner, companyId: ids.acme,
      startDate: '2027-01-05', endDate: '2027-06-30', duration: 20, classLengthTemplate: 60, pricePence: 120_000, courseStatusId: 2,
    });
    expect(await enrolled(c1.courseId)).toEqual([`${students[0]}:1`, `${students[1]}:1`]);
    expect(await course('C-2')).toMatchObject({ private: true, companyId: null, courseStatusId: 1 });

    const seqs = await ctx.db.selectFrom('enrolments').select(['courseId', 'studentId', 'changeSeq']).orderBy('studentId').execute();
    expect((await run(file)).json()).toEqual({ kind: 'courses', created: 0, updated: 0, unchanged: 2 });
    expect((await course('C-1')).changeSeq).toBe(c1.changeSeq);
    expect(await ctx.db.selectFrom('enrolments').select(['courseId', 'studentId', 'changeSeq']).orderBy('studentId').execute()).toEqual(seqs);
  });

  it('enrols a student added to the list later on the register of the classes still to come, and removes no one', async () => {
    await run(csv(HEADINGS, row('C-3', { students: students[0] })));
    const { courseId } = await course('C-3');
    const teacher = await createTeacherRecord(ctx.db);
    const { classId } = await createClass(ctx.db, { ...teacher, courseId, startsAt: new Date('2027-01-05T18:00:00Z'), startTime: '18:00' });

    expect((await run(csv(HEADINGS, row('C-3', { students: students[2] })))).json()).toMatchObject({ updated: 1 });
    expect(await enrolled(courseId)).toEqual([`${students[0]}:1`, `${students[2]}:1`]);
    const register = await ctx.db.selectFrom('classAttendance').innerJoin('students', 'students.studentId', 'classAttendance.studentId')
      .select(['students.email', 'classAttendance.statusId']).where('classId', '=', classId).execute();
    expect(register).toEqual([{ email: students[2], statusId: 1 }]);
  });

  it("reports each row's problems with the course form's messages and plain words for names it does not know", async () => {
    const before = await ctx.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const result = await preview(csv(
      HEADINGS,
      row('', {}),
      row('C-10', { subject: 'Klingon', level: 'Expert', type: 'Seminar', company: 'Globex' }),
      row('C-11', { start: '31/02/2027', end: '01/01/2027' }),
      row('C-12', { start: '01/06/2027', end: '01/01/2027', price: '99.50', classes: 'ten' }),
      row('C-13', { title: '', students: 'nobody@course.test', private: 'Maybe', status: 'Running' }),
      row('C-14', { company: '' }),
      row('C-15'),
      row('C-15'),
    ));
    expect(problemsOf(result, 2)).toEqual(['External id: Please enter an external id: courses are matched by it']);
    expect(problemsOf(result, 3)).toEqual([
      'Type: There is no course type called "Seminar"',
      'Subject: There is no subject called "Klingon"',
      'Level: There is no level called "Expert"',
      'Company: There is no company called "Globex"',
    ]);
    expect(problemsOf(result, 4)).toEqual(['Start date: "31/02/2027" is not a date. Please write it as dd/mm/yyyy']);
    expect(problemsOf(result, 5)).toEqual([
      'End date: The End Date must be on or after the Start Date',
      'Number of classes: Please enter the number of classes',
      'Price: Please enter a price',
    ]);
    expect(problemsOf(result, 6)).toEqual([
      'Title: Please enter a compnay name',
      'Private: Please write Yes or No',
      'Status: Please write Draft, Active, Completed, Archived or Suspended',
      'Students: No student has the email "nobody@course.test"',
    ]);
    expect(problemsOf(result, 7)).toEqual(['Company: Please select a company']);
    expect(problemsOf(result, 8)).toEqual(['External id: This external id is also on row 9']);
    const after = await ctx.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses to send a course with marked classes back to Draft', async () => {
    await run(csv(HEADINGS, row('C-20')));
    const { courseId } = await course('C-20');
    const teacher = await createTeacherRecord(ctx.db);
    await createClass(ctx.db, { ...teacher, courseId, startsAt: new Date('2026-01-05T18:00:00Z'), startTime: '18:00', statusId: 3 });
    const result = await preview(csv(HEADINGS, row('C-20', { status: 'Draft' })));
    expect(problemsOf(result, 2)).toEqual(['Status: A course with marked classes can not go back to Draft']);
  });
});
