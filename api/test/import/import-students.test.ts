import type { ImportPreview } from '@rollbook/shared-types/import';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { countRows, createNationality, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { csv, postCsv, problemsOf } from './import-requests.js';

const ctx = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  await createCompany(ctx.db, { name: 'Acme Ltd' });
  await ctx.db.insertInto('companies').values({ name: 'Northwind Trading', code: 'NWT' }).execute();
  await createNationality(ctx.db, 'British');
});

let n = 0;
const email = (name: string) => `${name}.${++n}.${Math.random().toString(36).slice(2, 6)}@example.test`;
const HEADINGS = 'External id,First name,Last name,Email,Company,Date of birth,Gender,Nationality,Mobile';

const preview = async (file: string | Buffer) => {
  const res = await postCsv(ctx.app, admin, 'Preview', 'students', file);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportPreview;
};
const run = (file: string | Buffer) => postCsv(ctx.app, admin, 'Run', 'students', file);

async function stored(address: string) {
  return ctx.db.selectFrom('students').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
}

describe('previewing a students file', () => {
  it("reports every row's problems in plain words and writes nothing", async () => {
    const taken = await createStudent(ctx.db, { email: email('taken') });
    await ctx.db.updateTable('students').set({ externalId: 'S-TAKEN' }).where('studentId', '=', taken.studentId).execute();
    const other = await createStudent(ctx.db, { email: email('other') });
    const twice = email('twice');
    const before = await countRows(ctx.db, 'students');
    const result = await preview(csv(
      HEADINGS,
      `,Ann,Lee,${email('ann')},Acme Ltd,31/01/1990,Female,British,07700 900001`,
      `,,Nolastname,${email('x')},Acme Ltd,,,,`,
      `,Bea,Bad,${email('bea')},Acme Ltd,31/02/1990,Maybe,Martian,`,
      `,Cal,Nocompany,${email('cal')},,,,,`,
      `,Dee,Unknown,${email('dee')},Globex,,,,`,
      `,Eve,Twice,${twice},Acme Ltd,,,,`,
      `,Eva,Twice,${twice.toUpperCase()},Acme Ltd,,,,`,
      `S-TAKEN,Fay,Clash,${other.email},Acme Ltd,,,,`,
      `,Gus,Shape,not an email,Acme Ltd,,,,`,
    ));
    expect(problemsOf(result, 2)).toEqual([]);
    expect(result.rows[0]).toMatchObject({ rowNumber: 2, outcome: 'create', values: ['', 'Ann', 'Lee', expect.any(String), 'Acme Ltd', '31/01/1990', 'Female', 'British', '07700 900001'] });
    expect(problemsOf(result, 3)).toEqual(['First name: Please enter a first name']);
    expect(problemsOf(result, 4)).toEqual([
      'Date of birth: "31/02/1990" is not a date. Please write it as dd/mm/yyyy',
      'Gender: Please write Male, Female or Other',
      'Nationality: There is no nationality called "Martian"',
    ]);
    expect(problemsOf(result, 5)).toEqual(['Company: Please select a company']);
    expect(problemsOf(result, 6)).toEqual(['Company: There is no company called "Globex"']);
    expect(problemsOf(result, 7)).toEqual(['Email: This email is also on row 8']);
    expect(problemsOf(result, 8)).toEqual(['Email: This email is also on row 7']);
    expect(problemsOf(result, 9)).toEqual(['Email: Another student already uses this email']);
    expect(problemsOf(result, 10)).toEqual(['Email: Please enter a valid email']);
    expect(result.rows.slice(1).every((r) => r.outcome === null)).toBe(true);
    expect(result.totals).toEqual({ rows: 9, rowsWithProblems: 8, create: 1, update: 0, unchanged: 0 });
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });

  it('finds a company by its code as well as its name', async () => {
    const result = await preview(csv('First name,Last name,Email,Company', `Ida,Code,${email('ida')},nwt`, `Ian,Name,${email('ian')},northwind trading`));
    expect(result.rows.map((r) => r.problems)).toEqual([[], []]);
  });

  it('matches headings whatever their case, spacing and punctuation', async () => {
    const result = await preview(csv('FIRST_NAME;last name;E-mail;company', `Jo;Case;${email('jo')};Acme Ltd`));
    expect(result.headings).toEqual(['First name', 'Last name', 'Email', 'Company']);
    expect(result.rows[0]?.outcome).toBe('create');
  });
});

describe('importing a students file', () => {
  it('creates the students, then a second import of the same file changes nothing', async () => {
    const people = [email('kim'), email('lou'), email('max')];
    const file = csv(
      HEADINGS,
      `S-100,Kim,Park,${people[0]},Acme Ltd,31/01/1990,Female,British,07700 900100`,
      `S-101,Lou,Reed,${people[1]},NWT,,Male,,`,
      `,Max,Stone,${people[2]},Acme Ltd,5/6/2001,,,`,
    );
    const first = await run(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ kind: 'students', created: 3, updated: 0, unchanged: 0 });
    const kim = await stored(people[0] as string);
    expect(kim).toMatchObject({ externalId: 'S-100', firstName: 'Kim', lastName: 'Park', dateOfBirth: '1990-01-31', genderId: 2, mobile: '07700 900100' });
    const before = await ctx.db.selectFrom('students').select(['studentId', 'changeSeq', 'updatedAt']).orderBy('studentId').execute();

    const again = await run(file);
    expect(again.json()).toEqual({ kind: 'students', created: 0, updated: 0, unchanged: 3 });
    expect(await ctx.db.selectFrom('students').select(['studentId', 'changeSeq', 'updatedAt']).orderBy('studentId').execute()).toEqual(before);
    expect((await preview(file)).totals).toMatchObject({ create: 0, update: 0, unchanged: 3 });
  });

  it('updates a student matched by email, keeping the fields of columns the file does not have', async () => {
    const address = email('nia');
    await run(csv(HEADINGS, `,Nia,Old,${address},Acme Ltd,,,,07700 900200`));
    const result = await run(csv('First name,Last name,Email,Company', `Nia,New,${address.toUpperCase()},Acme Ltd`));
    expect(result.json()).toEqual({ kind: 'students', created: 0, updated: 1, unchanged: 0 });
    const nia = await stored(address.toUpperCase());
    expect(nia).toMatchObject({ lastName: 'New', mobile: '07700 900200' });
  });

  it('matches by external id first, so a file can change a student’s email; an empty cell clears a field', async () => {
    const first = email('oli');
    await run(csv(HEADINGS, `S-200,Oli,Ward,${first},Acme Ltd,,,,07700 900300`));
    const { studentId } = await stored(first);
    const second = email('oliver');
    const result = await run(csv(HEADINGS, `S-200,Oliver,Ward,${second},Acme Ltd,,,,`));
    expect(result.json()).toMatchObject({ created: 0, updated: 1 });
    expect(await stored(second)).toMatchObject({ studentId, firstName: 'Oliver', mobile: null, externalId: 'S-200' });
  });

  it('gives a student found by email the external id of the row, and refuses a row whose email has another id', async () => {
    const address = email('pat');
    await run(csv('First name,Last name,Email,Company', `Pat,Long,${address},Acme Ltd`));
    expect((await run(csv('External id,First name,Last name,Email,Company', `S-300,Pat,Long,${address},Acme Ltd`))).json()).toMatchObject({ updated: 1 });
    expect((await stored(address)).externalId).toBe('S-300');
    const clash = await preview(csv('External id,First name,Last name,Email,Company', `S-999,Pat,Long,${address},Acme Ltd`));
    expect(problemsOf(clash, 2)).toEqual(['Email: This email belongs to the student with external id "S-300", not "S-999"']);
  });

  it('reads every accepted date form into the same date', async () => {
    const forms = ['31/01/1990', '31-01-1990', '1990-01-31', '31-Jan-1990', '32904', '31/01/1990 00:00'];
    const people = forms.map((form) => [form, email('date')] as const);
    const result = await run(csv('First name,Last name,Email,Company,Date of birth', ...people.map(([form, address]) => `Dot,Date,${address},Acme Ltd,${form}`)));
    expect(result.json()).toMatchObject({ created: forms.length });
    for (const [, address] of people) expect((await stored(address)).dateOfBirth).toBe('1990-01-31');
  });

  it('reads UTF-8 with a byte order mark, semicolons, and quoted values with separators, quotes and line breaks', async () => {
    const address = email('zoe');
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(csv(
        'First name;Last name;Email;Company;Address 1;Notes',
        `Zoë;"O'Brien; Jr";${address};Acme Ltd;"Flat 2\r\n10 High Street";"Said ""hello""; likes, commas"`,
      )),
    ]);
    const result = await preview(file);
    expect(result.separator).toBe(';');
    expect(result.headings[0]).toBe('First name');
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]?.problems).toEqual([]);
    expect((await run(file)).statusCode).toBe(200);
    expect(await stored(address)).toMatchObject({
      firstName: 'Zoë', lastName: "O'Brien; Jr", address1: 'Flat 2\r\n10 High Street', notes: 'Said "hello"; likes, commas',
    });
  });

  it('reads a file Excel saved in its Windows code page rather than UTF-8', async () => {
    const address = email('jose');
    const file = Buffer.from(csv('First name,Last name,Email,Company', `José,Núñez,${address},Acme Ltd`), 'latin1');
    expect((await run(file)).statusCode).toBe(200);
    expect(await stored(address)).toMatchObject({ firstName: 'José', lastName: 'Núñez' });
  });

  it('numbers rows as the spreadsheet does: headings are row 1, a quoted line break stays in its row, empty rows are skipped', async () => {
    const result = await preview(csv('First name,Last name,Email,Company,Address 1', `Amy,One,${email('amy')},Acme Ltd,"a\nb"`, ',,,,', `Ben,,${email('ben')},Acme Ltd,`));
    expect(result.rows.map((r) => r.rowNumber)).toEqual([2, 4]);
    expect(problemsOf(result, 4)).toEqual(['Last name: Please enter a last name']);
  });

  it('imports nothing when any row has a problem, and says how many rows to fix', async () => {
    const good = email('good');
    const before = await countRows(ctx.db, 'students');
    const res = await run(csv('First name,Last name,Email,Company', `Good,Row,${good},Acme Ltd`, `Bad,Row,${email('bad')},Nowhere Ltd`));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMPORT_HAS_PROBLEMS',
      message: 'Nothing was imported: 1 row has problems. Please fix the file and try again',
      fieldErrors: { 'row 3': ['Company: There is no company called "Nowhere Ltd"'] },
    });
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });

  it('checks the rows again when importing: a change since the preview refuses the whole file', async () => {
    const company = await createCompany(ctx.db, { name: 'Short Lived Ltd' });
    const file = csv('First name,Last name,Email,Company', `Una,Early,${email('una')},Acme Ltd`, `Vic,Late,${email('vic')},Short Lived Ltd`);
    expect((await preview(file)).totals.rowsWithProblems).toBe(0);
    await ctx.db.deleteFrom('companies').where('companyId', '=', company.companyId).execute();
    const before = await countRows(ctx.db, 'students');
    const res = await run(file);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ 'row 3': ['Company: There is no company called "Short Lived Ltd"'] });
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });
});

describe('who may import', () => {
  it('refuses teachers, students and anonymous callers, and writes nothing', async () => {
    const teacher = await loginFor(ctx.app, ctx.db, 'Teacher', (await createTeacherRecord(ctx.db)).teacherId);
    const student = await loginFor(ctx.app, ctx.db, 'Student', (await createStudent(ctx.db)).studentId);
    const file = csv('First name,Last name,Email,Company', `Wyn,Nope,${email('wyn')},Acme Ltd`);
    const before = await countRows(ctx.db, 'students');
    for (const step of ['Preview', 'Run'] as const) {
      expect((await postCsv(ctx.app, teacher.headers, step, 'students', file)).statusCode).toBe(403);
      expect((await postCsv(ctx.app, student.headers, step, 'students', file)).statusCode).toBe(403);
      expect((await postCsv(ctx.app, {}, step, 'students', file)).statusCode).toBe(401);
    }
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });
});
