import { IMPORT_COLUMNS, type ImportKind, type ImportPreview, type ImportResult } from '@rollbook/shared-types/import';

// The import screen's words and the CSV template, as pure functions (unit-tested).

export const KIND_NAMES: Record<ImportKind, { title: string; plural: string; list: string }> = {
  students: { title: 'Students', plural: 'students', list: '/students' },
  teachers: { title: 'Teachers', plural: 'teachers', list: '/teachers' },
  courses: { title: 'Courses', plural: 'courses', list: '/courses' },
};

const rows = (n: number) => (n === 1 ? '1 row' : `${n.toLocaleString('en-GB')} rows`);

/** '120 rows: 100 to add, 15 to change, 5 unchanged.' */
export function previewSummary(totals: ImportPreview['totals']): string {
  return `${rows(totals.rows)}: ${totals.create.toLocaleString('en-GB')} to add, ${totals.update.toLocaleString('en-GB')} to change, ${totals.unchanged.toLocaleString('en-GB')} unchanged.`;
}

/** What to do next, after a preview. */
export function previewAdvice(totals: ImportPreview['totals']): string {
  if (totals.rowsWithProblems === 0) return 'No problems found. Press IMPORT to import the file.';
  const have = totals.rowsWithProblems === 1 ? '1 row has problems' : `${totals.rowsWithProblems.toLocaleString('en-GB')} rows have problems`;
  return `${have}. Fix them in your spreadsheet, save it as CSV and preview it again. Nothing has been imported.`;
}

/** 'Import finished: 100 added, 15 changed, 5 unchanged.' */
export function resultSummary(result: ImportResult): string {
  return `Import finished: ${result.created.toLocaleString('en-GB')} added, ${result.updated.toLocaleString('en-GB')} changed, ${result.unchanged.toLocaleString('en-GB')} unchanged.`;
}

export const OUTCOME_NAMES = { create: 'Add', update: 'Change', unchanged: 'No change' } as const;

/** How rows find the record they update. */
export function matchingRule(kind: ImportKind): string {
  const noun = kind.slice(0, -1);
  return kind === 'courses'
    ? 'A row changes the course with its External id, or adds a course. Students listed are enrolled; no one is removed from a course.'
    : `A row changes the ${noun} with its External id, else the one with its Email, or adds a ${noun}.`;
}

/** The kind's template: its headings, with a byte order mark so Excel opens it as UTF-8. */
export function templateCsv(kind: ImportKind): string {
  return `\uFEFF${IMPORT_COLUMNS[kind].map((c) => c.heading).join(',')}\r\n`;
}
