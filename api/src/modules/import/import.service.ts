import { IMPORT_MESSAGES, type ImportKind, type ImportPreview, type ImportProblem, type ImportResult } from '@rollbook/shared-types/import';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { AppError } from '../../lib/app-error.js';
import { coursesImporter } from './courses-import.js';
import { readCsv } from './csv-file.js';
import type { KindImporter, PlannedRow } from './import-plan.js';
import { readRows } from './import-rows.js';
import { loadLookups } from './name-lookup.js';
import { studentsImporter } from './students-import.js';
import { teachersImporter } from './teachers-import.js';

const IMPORTERS: Record<ImportKind, KindImporter<unknown>> = {
  students: studentsImporter as KindImporter<unknown>,
  teachers: teachersImporter as KindImporter<unknown>,
  courses: coursesImporter as KindImporter<unknown>,
};

const count = (rows: PlannedRow<unknown>[], outcome: string) => rows.filter((r) => r.outcome === outcome).length;

/** A row's problems in the order of the file's columns, those of the whole row first. */
function inColumnOrder(headings: string[], problems: ImportProblem[]): ImportProblem[] {
  const position = (p: ImportProblem) => (p.column === null ? -1 : headings.indexOf(p.column));
  return [...problems].sort((a, b) => position(a) - position(b));
}

/** Every row of the file with its problems and what importing it would do. Reads only. */
export async function previewImport(db: Db, kind: ImportKind, file: Buffer): Promise<ImportPreview> {
  const table = readCsv(file);
  const { headings, rows } = readRows(kind, table);
  const planned = await IMPORTERS[kind].plan(db, rows, await loadLookups(db));
  return {
    kind,
    separator: table.separator,
    headings,
    rows: planned.map(({ rowNumber, values, problems, outcome }) => ({ rowNumber, values, problems: inColumnOrder(headings, problems), outcome })),
    totals: {
      rows: planned.length,
      rowsWithProblems: planned.filter((r) => r.problems.length > 0).length,
      create: count(planned, 'create'),
      update: count(planned, 'update'),
      unchanged: count(planned, 'unchanged'),
    },
  };
}

/**
 * Imports the file in one transaction, or nothing. The rows are checked again inside it (the
 * school's data may have changed since the preview) with the kind's table locked against other
 * writers, so what was checked is what is written; any problem refuses the whole file.
 */
export async function runImport(db: Db, kind: ImportKind, file: Buffer): Promise<ImportResult> {
  const table = readCsv(file);
  const { headings, rows } = readRows(kind, table);
  const importer = IMPORTERS[kind];
  return db.transaction().execute(async (trx) => {
    // Share row exclusive: other imports and saves of this table wait; readers do not.
    await sql`lock table ${sql.table(importer.table)} in share row exclusive mode`.execute(trx);
    const planned = await importer.plan(trx, rows, await loadLookups(trx));
    const withProblems = planned.filter((r) => r.problems.length > 0);
    if (withProblems.length > 0) {
      const fieldErrors = Object.fromEntries(withProblems.slice(0, 50).map((r) => [`row ${r.rowNumber}`, inColumnOrder(headings, r.problems).map((p) => (p.column ? `${p.column}: ${p.message}` : p.message))]));
      throw new AppError(400, 'IMPORT_HAS_PROBLEMS', IMPORT_MESSAGES.hasProblems(withProblems.length), fieldErrors);
    }
    await importer.write(trx, planned);
    return { kind, created: count(planned, 'create'), updated: count(planned, 'update'), unchanged: count(planned, 'unchanged') };
  });
}
