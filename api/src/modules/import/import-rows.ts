import { IMPORT_COLUMNS, type ImportColumn, type ImportKind, type ImportProblem } from '@rollbook/shared-types/import';
import { AppError } from '../../lib/app-error.js';
import { comparable } from './cell-values.js';
import type { CsvTable } from './csv-file.js';

/** One data row of the file, its cells by column key. Only the columns the file has are present. */
export interface SourceRow {
  rowNumber: number;
  /** The row's cells in the order of the file's (known) headings, as shown in the preview. */
  values: string[];
  cells: Map<string, string>;
  /** Problems found while reading the row itself (extra cells). */
  problems: ImportProblem[];
}

export interface ReadRows {
  /** The file's headings as Rollbook writes them. */
  headings: string[];
  columns: ReadonlyMap<string, ImportColumn>;
  rows: SourceRow[];
}

const quoteList = (items: string[]) => items.map((h) => `"${h}"`).join(', ');

/**
 * Matches the file's headings to the kind's columns (ignoring case, spaces and punctuation, so
 * 'first_name' and 'FIRST NAME' are First name) and reads each non-blank row. Wrong headings are a
 * 400 that names what is missing, unknown or repeated and lists the headings the kind takes.
 */
export function readRows(kind: ImportKind, table: CsvTable): ReadRows {
  const known = new Map(IMPORT_COLUMNS[kind].map((c) => [comparable(c.heading), c]));
  const positions: { index: number; column: ImportColumn }[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  table.headings.forEach((heading, index) => {
    if (heading === '') return; // an unnamed column (a stray separator at the end of each line)
    const column = known.get(comparable(heading));
    if (!column) unknown.push(heading);
    else if (positions.some((p) => p.column === column)) repeated.push(column.heading);
    else positions.push({ index, column });
  });
  const present = new Set(positions.map((p) => p.column.key));
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !present.has(c.key)).map((c) => c.heading);
  if (unknown.length > 0 || missing.length > 0 || repeated.length > 0) {
    const parts = [
      missing.length > 0 ? `it has no ${quoteList(missing)} column` : '',
      unknown.length > 0 ? `Rollbook does not know the heading${unknown.length > 1 ? 's' : ''} ${quoteList(unknown)}` : '',
      repeated.length > 0 ? `${quoteList(repeated)} is there twice` : '',
    ].filter(Boolean);
    throw new AppError(400, 'IMPORT_HEADINGS',
      `The file's headings do not match a ${kind} import: ${parts.join('; ')}. The headings are: ${IMPORT_COLUMNS[kind].map((c) => c.heading).join(', ')}`);
  }

  const rows: SourceRow[] = [];
  table.records.forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cells = new Map(positions.map((p) => [p.column.key, (record[p.index] ?? '').trim()]));
    // Cells past the last heading, or under an empty one, belong to no column.
    const extra = record.filter((cell, index) => cell.trim() !== '' && !table.headings[index]).map((cell) => cell.trim());
    rows.push({
      rowNumber: i + 2,
      values: positions.map((p) => cells.get(p.column.key) ?? ''),
      cells,
      problems: extra.length > 0 ? [{ column: null, message: `This row has ${extra.length === 1 ? 'a value' : 'values'} under no heading: ${quoteList(extra)}` }] : [],
    });
  });
  return { headings: positions.map((p) => p.column.heading), columns: new Map(positions.map((p) => [p.column.key, p.column])), rows };
}
