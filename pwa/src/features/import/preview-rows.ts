import type { ImportPreview, ImportRow } from '@rollbook/shared-types/import';

export const PREVIEW_PAGE_SIZE = 100;

/** The rows one page of the preview table shows, with or without the rows that have no problem. */
export function previewPage(preview: ImportPreview, onlyProblems: boolean, page: number): { rows: ImportRow[]; total: number } {
  const rows = onlyProblems ? preview.rows.filter((r) => r.problems.length > 0) : preview.rows;
  return { rows: rows.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE), total: rows.length };
}

/** The problems of a row as the table lists them: 'Heading: message', or the message for the whole row. */
export const problemTexts = (row: ImportRow) => row.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message));
