import { IMPORT_COLUMNS, type ImportKind, type ImportOutcome, type ImportProblem } from '@rollbook/shared-types/import';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/database.js';
import type { Found, Lookups } from './name-lookup.js';
import type { SourceRow } from './import-rows.js';

/** A row with what importing it would do. `write` is set only for a row without problems that changes something. */
export interface PlannedRow<W> {
  rowNumber: number;
  values: string[];
  problems: ImportProblem[];
  outcome: ImportOutcome | null;
  write: W | null;
  /** The stored record the row matched, if any. */
  storedId: number | null;
  /** What the row is matched by, as written in the file (e-mail in lower case); null when empty. */
  keys: { externalId: string | null; email: string | null };
}

/** One kind's import: plans the rows (reading, never writing), then writes a plan without problems. */
export interface KindImporter<W> {
  plan(db: Kysely<DB>, rows: SourceRow[], lookups: Lookups): Promise<PlannedRow<W>[]>;
  write(db: Kysely<DB>, rows: PlannedRow<W>[]): Promise<void>;
  /** The table locked against other writers while the import checks and writes. */
  table: string;
}

export const headingOf = (kind: ImportKind, key: string): string => IMPORT_COLUMNS[kind].find((c) => c.key === key)?.heading ?? key;

/** The form's zod messages as problems, under the heading of each field; fields in `skip` were already reported. */
export function schemaProblems(error: z.ZodError, columnOfField: Record<string, string>, skip: Set<string>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    const column = columnOfField[field] ?? columnOfField[String(issue.path[0])] ?? null;
    if (column !== null && skip.has(column)) continue;
    if (problems.some((p) => p.column === column && p.message === issue.message)) continue;
    problems.push({ column, message: issue.message });
  }
  return problems;
}

/** The problem of a name the school's list does not have (or has twice). */
export function lookupProblem(found: Found, column: string, noun: string, text: string, hint = ''): ImportProblem | null {
  if ('id' in found) return null;
  if (found.missing === 'ambiguous') return { column, message: `More than one ${noun} is called "${text}"${hint}` };
  return { column, message: `There is no ${noun} called "${text}"` };
}

export const notADate = (column: string, text: string): ImportProblem => ({ column, message: `"${text}" is not a date. Please write it as dd/mm/yyyy` });

/** The outcome of a row without problems: new, changed or the same as stored. */
export function outcomeOf(isNew: boolean, changed: boolean): ImportOutcome {
  if (isNew) return 'create';
  return changed ? 'update' : 'unchanged';
}

/** True when any of the columns differs between what is stored and what the row says. */
export function differs<T extends object>(stored: T, next: T): boolean {
  return (Object.keys(next) as (keyof T)[]).some((key) => (stored[key] ?? null) !== (next[key] ?? null));
}

/** A row with problems imports nothing: its outcome and write are cleared. */
export function settle<W>(rows: PlannedRow<W>[]): void {
  for (const row of rows) {
    if (row.problems.length === 0) continue;
    row.outcome = null;
    row.write = null;
  }
}
