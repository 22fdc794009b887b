import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { countRows, createSubject, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { csv, postCsv } from './import-requests.js';

// A failure in the middle of the writes (the database refusing one statement after others have
// run) leaves the school as it was: one transaction, nothing half imported. The failure is a
// trigger of this file's own database that raises on one marked row.

const ctx = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  await createCompany(ctx.db, { name: 'Acme Ltd' });
  await createSubject(ctx.db, 'English');
  await ctx.db.insertInto('courseLevels').values({ name: 'Beginner' }).execute();
  await sql`create function fail_on_marked_row() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$`.execute(ctx.db);
});

const courseCount = async () => Number((await ctx.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('a failure in the middle of an import', () => {
  it('leaves no new student behind when the update after the inserts fails', async () => {
    const existing = await createStudent(ctx.db, { firstName: 'Old', email: 'old@all-or-nothing.test' });
    await sql`create trigger fail_student_update before update on students for each row
      when (new.first_name = 'Boom') execute function fail_on_marked_row()`.execute(ctx.db);
    const rows = Array.from({ length: 500 }, (_, i) => `New${i},Student,new${i}@all-or-nothing.test,Acme Ltd`);
    const before = await countRows(ctx.db, 'students');
    const res = await postCsv(ctx.app, admin, 'Run', 'students', csv('First name,Last name,Email,Company', ...rows, `Boom,Student,${existing.email},Acme Ltd`));
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toMatch(/injected/);
    expect(await countRows(ctx.db, 'students')).toBe(before);
    expect((await ctx.db.selectFrom('students').select('firstName').where('studentId', '=', existing.studentId).executeTakeFirstOrThrow()).firstName).toBe('Old');
  });

  it('leaves no course behind when enrolling its students fails', async () => {
    const student = await createStudent(ctx.db, { email: 'enrol@all-or-nothing.test' });
    await sql`create trigger fail_enrolment before insert on enrolments for each row execute function fail_on_marked_row()`.execute(ctx.db);
    const heading = 'External id,Title,Description,Type,Subject,Level,Company,Start date,End date,Number of classes,Class length,Price,Students';
    const before = await courseCount();
    const res = await postCsv(ctx.app, admin, 'Run', 'courses', csv(heading,
      'X-1,First,Desc,Group,English,Beginner,Acme Ltd,05/01/2027,30/06/2027,10,60,500,',
      `X-2,Second,Desc,Group,English,Beginner,Acme Ltd,05/01/2027,30/06/2027,10,60,500,${student.email}`));
    expect(res.statusCode).toBe(500);
    expect(await courseCount()).toBe(before);
  });
});
