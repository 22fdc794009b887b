import type { ImportPreview } from '@rollbook/shared-types/import';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRows, createSubject, loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { csv, postCsv, problemsOf } from './import-requests.js';

const ctx = useTestApp();
let admin: Record<string, string>;
let subjects: Record<string, number>;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  subjects = {
    English: (await createSubject(ctx.db, 'English')).subjectId,
    French: (await createSubject(ctx.db, 'French')).subjectId,
  };
});

let n = 0;
const email = (name: string) => `${name}.${++n}@teachers.test`;
const HEADINGS = 'External id,First name,Last name,Email,Rate name,Rate per hour,Subjects,Active';
const run = (file: string) => postCsv(ctx.app, admin, 'Run', 'teachers', file);
const preview = async (file: string) => (await postCsv(ctx.app, admin, 'Preview', 'teachers', file)).json() as ImportPreview;

async function teacherWith(address: string) {
  const teacher = await ctx.db.selectFrom('teachers').selectAll().where('email', '=', address).executeTakeFirstOrThrow();
  const rates = await ctx.db.selectFrom('teacherRates').select(['description', 'ratePence']).where('teacherId', '=', teacher.teacherId).orderBy('teacherRateId').execute();
  const taught = await ctx.db.selectFrom('teacherSubjects').select('subjectId').where('teacherId', '=', teacher.teacherId).orderBy('subjectId').execute();
  return { ...teacher, rates, subjectIds: taught.map((t) => t.subjectId) };
}

describe('importing teachers', () => {
  it('creates teachers with their rate and subjects; the same file again changes nothing', async () => {
    const [ada, ben] = [email('ada'), email('ben')];
    const file = csv(HEADINGS, `T-1,Ada,Byron,${ada},Standard,£25.50,"English, French",Yes`, `,Ben,Jonson,${ben},Evening,30,,No`);
    expect((await run(file)).json()).toEqual({ kind: 'teachers', created: 2, updated: 0, unchanged: 0 });
    expect(await teacherWith(ada)).toMatchObject({ externalId: 'T-1', active: true, rates: [{ description: 'Standard', ratePence: 2550 }], subjectIds: [subjects.English, subjects.French] });
    expect(await teacherWith(ben)).toMatchObject({ active: false, rates: [{ description: 'Evening', ratePence: 3000 }], subjectIds: [] });
    const counts = [await countRows(ctx.db, 'teachers'), await countRows(ctx.db, 'teacherRates'), await countRows(ctx.db, 'teacherSubjects')];

    expect((await run(file)).json()).toEqual({ kind: 'teachers', created: 0, updated: 0, unchanged: 2 });
    expect([await countRows(ctx.db, 'teachers'), await countRows(ctx.db, 'teacherRates'), await countRows(ctx.db, 'teacherSubjects')]).toEqual(counts);
  });

  it('changes the rate of the same name, adds a rate of a new name and never deletes one', async () => {
    const cat = email('cat');
    await run(csv(HEADINGS, `,Cat,Stevens,${cat},Standard,20,English,`));
    expect((await run(csv(HEADINGS, `,Cat,Stevens,${cat},standard,22.5,English,`))).json()).toMatchObject({ updated: 1 });
    expect((await teacherWith(cat)).rates).toEqual([{ description: 'Standard', ratePence: 2250 }]);
    expect((await run(csv(HEADINGS, `,Cat,Stevens,${cat},Weekend,35,French,`))).json()).toMatchObject({ updated: 1 });
    expect(await teacherWith(cat)).toMatchObject({
      rates: [{ description: 'Standard', ratePence: 2250 }, { description: 'Weekend', ratePence: 3500 }],
      subjectIds: [subjects.French],
    });
  });

  it("reports each row's problems in the form's words: no rate, a bad rate, an unknown subject, a repeated email", async () => {
    const twice = email('twice');
    const before = await countRows(ctx.db, 'teachers');
    const result = await preview(csv(
      HEADINGS,
      `,Dan,Brown,${email('dan')},,,,`,
      `,Eli,Green,${email('eli')},Standard,lots,,`,
      `,Fay,White,${email('fay')},Standard,-3,,`,
      `,Gil,Black,${email('gil')},Standard,20,"English, Klingon",Sometimes`,
      `,Hal,Grey,${twice},Standard,20,,`,
      `,Hal,Grey,${twice},Standard,20,,`,
      `,,Nofirst,${email('x')},Standard,20,,`,
    ));
    expect(problemsOf(result, 2)).toEqual(['Rate name: Please add at least one rate']);
    expect(problemsOf(result, 3)).toEqual(['Rate per hour: Please enter a rate of 0 or more']);
    expect(problemsOf(result, 4)).toEqual(['Rate per hour: Please enter a rate of 0 or more']);
    expect(problemsOf(result, 5)).toEqual(['Subjects: There is no subject called "Klingon"', 'Active: Please write Yes or No']);
    expect(problemsOf(result, 6)).toEqual(['Email: This email is also on row 7']);
    expect(problemsOf(result, 8)).toEqual(['First name: Please enter a first name']);
    expect(result.totals.rowsWithProblems).toBe(7);
    expect(await countRows(ctx.db, 'teachers')).toBe(before);
  });
});
