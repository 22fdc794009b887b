import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@rollbook/shared-types/import';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../files/multipart.js';
import { countRows, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { csv, postCsv, type Step } from './import-requests.js';

const ctx = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  await createCompany(ctx.db, { name: 'Acme Ltd' });
});

const STEPS: Step[] = ['Preview', 'Run'];
const HEADINGS = 'First name,Last name,Email,Company';

/** Each step answers 400 with this code and message, and no student is written. */
async function refuses(file: string | Buffer, code: string, message: string | RegExp) {
  const before = await countRows(ctx.db, 'students');
  for (const step of STEPS) {
    const res = await postCsv(ctx.app, admin, step, 'students', file);
    expect(res.statusCode, `${step}: ${res.body.slice(0, 300)}`).toBe(400);
    expect(res.json().code).toBe(code);
    if (typeof message === 'string') expect(res.json().message).toBe(message);
    else expect(res.json().message).toMatch(message);
  }
  expect(await countRows(ctx.db, 'students')).toBe(before);
}

describe('files that cannot be imported', () => {
  it('refuses an empty file, a file with only a byte order mark and a file with headings but no rows', async () => {
    await refuses('', 'IMPORT_EMPTY', 'The file is empty');
    await refuses(Buffer.from([0xef, 0xbb, 0xbf, 0x0d, 0x0a]), 'IMPORT_EMPTY', 'The file is empty');
    await refuses(csv(HEADINGS, ',,,', ''), 'IMPORT_NO_ROWS', 'The file has headings but no rows');
  });

  it('says an Excel workbook must be saved as CSV first', async () => {
    await refuses(Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(200, 7)]), 'IMPORT_NOT_CSV',
      'This is an Excel workbook, not a CSV file. In Excel choose File, Save As, "CSV UTF-8 (Comma delimited)" and import that file');
  });

  it('refuses a file that is not text', async () => {
    await refuses(Buffer.from('%PDF-1.7\n\u0000\u0001\u0002binary', 'latin1'), 'IMPORT_NOT_CSV',
      'This is not a CSV file. Please save the spreadsheet as CSV and import that file');
  });

  it('names the line where a quoted value is never closed', async () => {
    await refuses(csv(HEADINGS, 'Ann,Lee,ann@example.test,Acme Ltd', 'Bob,"Unclosed,bob@example.test,Acme Ltd'), 'IMPORT_NOT_CSV',
      /^The file could not be read as CSV: on line \d+ a quote \("\) is opened and never closed$/);
  });

  it('names the missing, unknown and repeated headings and lists the right ones', async () => {
    await refuses(csv('First name,Surname,Email,Email,Rate name', 'a,b,c,d,e'), 'IMPORT_HEADINGS',
      'The file\'s headings do not match a students import: it has no "Last name", "Company" column; Rollbook does not know the headings ' +
      '"Surname", "Rate name"; "Email" is there twice. The headings are: External id, First name, Last name, Email, Company, Date of birth, ' +
      'Gender, Nationality, Address 1, Address 2, Town, County, Country, Post code, Mobile, Landline, Notes');
  });

  it('refuses a teachers file sent as courses', async () => {
    const res = await postCsv(ctx.app, admin, 'Preview', 'courses', csv('First name,Last name,Email,Rate name,Rate per hour', 'a,b,c@example.test,Standard,20'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The file's headings do not match a courses import: it has no "External id", "Title", .* column; Rollbook does not know the headings "First name"/);
  });

  it(`refuses a file larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const row = 'Ann,Lee,ann@example.test,Acme Ltd\r\n';
    const big = HEADINGS + '\r\n' + row.repeat(Math.ceil((IMPORT_MAX_BYTES + 1) / row.length));
    await refuses(big, 'IMPORT_FILE_TOO_LARGE', 'The file is larger than 5 MB. Please split it into smaller files');
  });

  it(`refuses more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows`, async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `A,B,a${i}@example.test,Acme Ltd`);
    await refuses(csv(HEADINGS, ...rows), 'IMPORT_TOO_MANY_ROWS', 'The file has more than 20,000 rows, the most one import takes. Please split it into smaller files');
  });

  it('reports values under no heading as a problem of their row', async () => {
    const res = await postCsv(ctx.app, admin, 'Preview', 'students', csv(HEADINGS, 'Ann,Lee,ann@example.test,Acme Ltd,stray'));
    expect(res.json().rows[0].problems).toEqual([{ column: null, message: 'This row has a value under no heading: "stray"' }]);
  });
});

describe('requests that are not an import', () => {
  it('refuses a form without a file, two files, JSON instead of a form and an unknown kind', async () => {
    const noFile = multipartBody({ note: 'no file here' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/import/Preview?kind=students', payload: noFile.payload, headers: { ...admin, ...noFile.headers } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_NO_FILE', message: 'Please choose a CSV file to import' });

    const file = { filename: 'a.csv', content: csv(HEADINGS, 'Ann,Lee,ann@example.test,Acme Ltd') };
    const two = multipartBody({}, [file, file]);
    const twice = await ctx.app.inject({ method: 'POST', url: '/api/import/Run?kind=students', payload: two.payload, headers: { ...admin, ...two.headers } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Please send one file at a time');

    const json = await ctx.app.inject({ method: 'POST', url: '/api/import/Run?kind=students', payload: { file: 'x' }, headers: admin });
    expect(json.statusCode).toBe(415);

    const kind = await postCsv(ctx.app, admin, 'Preview', 'rooms', file.content);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/kind must be students, teachers or courses/);
    expect(await countRows(ctx.db, 'students')).toBe(0);
  });
});
