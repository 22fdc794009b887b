import type { ImportKind, ImportProblem } from '@rollbook/shared-types/import';
import { formatDate } from '@rollbook/shared-types/people';
import { readDateAsDmy, readGender } from './cell-values.js';
import { headingOf, lookupProblem, notADate } from './import-plan.js';
import type { SourceRow } from './import-rows.js';
import type { Lookups } from './name-lookup.js';

// The cells students and teachers share, read into the form's input (the upsert request), so the
// form's own schema judges them.

/** The part of a student's or teacher's upsert request the shared cells fill. */
export interface PersonInput {
  genderId: number | null;
  dateOfBirthString: string | null;
  nationalityId: number | null;
  [text: string]: unknown;
}

export interface ReadCells {
  problems: ImportProblem[];
  /** Headings already reported, whose schema messages would only repeat the problem. */
  reported: Set<string>;
}

/** The text cells both kinds copy as written; each kind adds its own (country, city). */
export const PERSON_TEXT_KEYS = ['firstName', 'lastName', 'email', 'address1', 'address2', 'town', 'county', 'postCode', 'mobile', 'landline', 'notes'] as const;

/** What a stored date of birth is in the form: dd/MM/yyyy or null. */
export const storedDate = (iso: string | null) => (iso ? formatDate(iso) : null);

/**
 * Copies the row's cells over `input` (the stored record's values, or a new record's blanks): each
 * column in the file replaces the value, an empty cell clears it; a column not in the file keeps it.
 */
export function readPersonCells(kind: ImportKind, row: SourceRow, lookups: Lookups, input: PersonInput, textKeys: readonly string[]): ReadCells {
  const problems: ImportProblem[] = [];
  const reported = new Set<string>();
  const report = (problem: ImportProblem | null) => {
    if (!problem) return;
    problems.push(problem);
    if (problem.column) reported.add(problem.column);
  };
  for (const key of textKeys) {
    const value = row.cells.get(key);
    if (value !== undefined) input[key] = value;
  }
  const dateOfBirth = row.cells.get('dateOfBirth');
  if (dateOfBirth !== undefined) {
    input.dateOfBirthString = dateOfBirth === '' ? null : readDateAsDmy(dateOfBirth);
    if (dateOfBirth !== '' && input.dateOfBirthString === null) report(notADate(headingOf(kind, 'dateOfBirth'), dateOfBirth));
  }
  const gender = row.cells.get('gender');
  if (gender !== undefined) {
    input.genderId = gender === '' ? null : readGender(gender);
    if (gender !== '' && input.genderId === null) report({ column: headingOf(kind, 'gender'), message: 'Please write Male, Female or Other' });
  }
  const nationality = row.cells.get('nationality');
  if (nationality !== undefined) {
    const found = nationality === '' ? null : lookups.nationalities.find(nationality);
    input.nationalityId = found && 'id' in found ? found.id : null;
    if (found) report(lookupProblem(found, headingOf(kind, 'nationality'), 'nationality', nationality));
  }
  return { problems, reported };
}

/** The schema field each shared column fills, and back: for naming a schema message's column. */
export function personColumnsOfFields(kind: ImportKind, textKeys: readonly string[]): Record<string, string> {
  return {
    ...Object.fromEntries(textKeys.map((key) => [key, headingOf(kind, key)])),
    genderId: headingOf(kind, 'gender'),
    dateOfBirthString: headingOf(kind, 'dateOfBirth'),
    nationalityId: headingOf(kind, 'nationality'),
  };
}
