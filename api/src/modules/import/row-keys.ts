import type { ImportKind, ImportProblem } from '@rollbook/shared-types/import';
import { headingOf, settle, type PlannedRow } from './import-plan.js';
import type { SourceRow } from './import-rows.js';
import { repeatsOf, rowList } from './record-matching.js';

const EXTERNAL_ID_MAX = 100;

/**
 * The row's external id: its own, else the stored record's (an empty cell never clears one, as
 * later imports match by it). Too long an id is a problem.
 */
export function readExternalId(kind: ImportKind, row: SourceRow, stored: { externalId: string | null } | null, problems: ImportProblem[]): string | null {
  const value = row.cells.get('externalId') ?? '';
  if (value.length > EXTERNAL_ID_MAX) problems.push({ column: headingOf(kind, 'externalId'), message: `At most ${EXTERNAL_ID_MAX} characters` });
  return value || stored?.externalId || null;
}

/**
 * Rows of one file that would write the same record: the same e-mail, the same external id, or
 * (by different keys) the same stored record. Each such row names the others; none is imported.
 */
export function flagRepeats<W>(planned: PlannedRow<W>[], noun: string): void {
  const flagged = new Set([
    ...repeatsOf(planned, (r) => r.keys.email, (others) => ({ column: 'Email', message: `This email is also on ${rowList(others)}` })),
    ...repeatsOf(planned, (r) => r.keys.externalId, (others) => ({ column: 'External id', message: `This external id is also on ${rowList(others)}` })),
  ]);
  repeatsOf(planned, (r) => (flagged.has(r) ? null : r.storedId), (others) => ({ column: null, message: `This row and ${rowList(others)} are the same ${noun}` }));
  settle(planned);
}

/** What a row is matched by: its external id and (people) its e-mail in lower case. */
export function keysOf(row: SourceRow): PlannedRow<unknown>['keys'] {
  return { externalId: row.cells.get('externalId') || null, email: row.cells.get('email')?.toLowerCase() || null };
}
