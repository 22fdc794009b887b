import type { ImportPreview } from '@rollbook/shared-types/import';
import { describe, expect, it } from 'vitest';
import { matchingRule, previewAdvice, previewSummary, resultSummary, templateCsv } from './import-texts';
import { previewPage, problemTexts } from './preview-rows';

const totals = (t: Partial<ImportPreview['totals']>): ImportPreview['totals'] => ({ rows: 0, rowsWithProblems: 0, create: 0, update: 0, unchanged: 0, ...t });

describe('the import screen’s words', () => {
  it('sums up a preview and says what to do next', () => {
    expect(previewSummary(totals({ rows: 1200, create: 1000, update: 150, unchanged: 48, rowsWithProblems: 2 }))).toBe('1,200 rows: 1,000 to add, 150 to change, 48 unchanged.');
    expect(previewAdvice(totals({ rows: 3, rowsWithProblems: 1 }))).toBe('1 row has problems. Fix them in your spreadsheet, save it as CSV and preview it again. Nothing has been imported.');
    expect(previewAdvice(totals({ rows: 3, rowsWithProblems: 2 }))).toMatch(/^2 rows have problems\. /);
    expect(previewAdvice(totals({ rows: 3, create: 3 }))).toBe('No problems found. Press IMPORT to import the file.');
  });

  it('sums up an import', () => {
    expect(resultSummary({ kind: 'students', created: 10_000, updated: 2, unchanged: 0 })).toBe('Import finished: 10,000 added, 2 changed, 0 unchanged.');
  });

  it('explains how rows are matched for each kind', () => {
    expect(matchingRule('teachers')).toBe('A row changes the teacher with its External id, else the one with its Email, or adds a teacher.');
    expect(matchingRule('courses')).toMatch(/^A row changes the course with its External id, or adds a course\./);
  });

  it('builds a template of the kind’s headings that Excel opens as UTF-8', () => {
    expect(templateCsv('students')).toBe(
      '\uFEFFExternal id,First name,Last name,Email,Company,Date of birth,Gender,Nationality,Address 1,Address 2,Town,County,Country,Post code,Mobile,Landline,Notes\r\n',
    );
    expect(templateCsv('teachers')).toBe(
      '\uFEFFExternal id,First name,Last name,Email,Rate name,Rate per hour,Subjects,Active,Date of birth,Gender,Nationality,Address 1,Address 2,Town,City,County,Post code,Mobile,Landline,Notes\r\n',
    );
  });
});

describe('the preview table’s rows', () => {
  const row = (rowNumber: number, problem?: string) => ({
    rowNumber, values: [], outcome: problem ? null : ('create' as const), problems: problem ? [{ column: problem === 'row' ? null : 'Email', message: 'Bad' }] : [],
  });
  const preview: ImportPreview = {
    kind: 'students', separator: ',', headings: [],
    rows: Array.from({ length: 250 }, (_, i) => row(i + 2, i % 50 === 0 ? 'Email' : undefined)),
    totals: totals({ rows: 250, rowsWithProblems: 5 }),
  };

  it('pages every row 100 at a time, or only the rows with problems', () => {
    expect(previewPage(preview, false, 3)).toMatchObject({ total: 250, rows: { length: 50 } });
    expect(previewPage(preview, false, 3).rows[0]?.rowNumber).toBe(202);
    expect(previewPage(preview, true, 1).rows.map((r) => r.rowNumber)).toEqual([2, 52, 102, 152, 202]);
  });

  it('names the column of each problem', () => {
    expect(problemTexts(row(2, 'Email'))).toEqual(['Email: Bad']);
    expect(problemTexts(row(2, 'row'))).toEqual(['Bad']);
  });
});
