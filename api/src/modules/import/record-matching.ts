import type { ImportProblem } from '@rollbook/shared-types/import';

// Which stored record a row describes: the one with its external id, else (people) the one with its
// e-mail. A row that matches none creates a record.

export interface Stored {
  id: number;
  externalId: string | null;
  email?: string | null;
}

export interface MatchWords {
  /** 'student', 'teacher' or 'course'. */
  noun: string;
  /** The form's message when the e-mail is another record's. */
  emailTaken: string;
}

export interface Match<T extends Stored> {
  stored: T | null;
  problems: ImportProblem[];
}

/** Stored records by external id and by lower-case e-mail (two may share an e-mail). */
export function indexStored<T extends Stored>(stored: T[]) {
  const byExternalId = new Map<string, T>();
  const byEmail = new Map<string, T[]>();
  for (const record of stored) {
    if (record.externalId) byExternalId.set(record.externalId, record);
    const email = record.email?.trim().toLowerCase();
    if (email) byEmail.set(email, [...(byEmail.get(email) ?? []), record]);
  }
  return { byExternalId, byEmail };
}

export function matchRow<T extends Stored>(
  index: ReturnType<typeof indexStored<T>>,
  externalId: string | null,
  email: string | null,
  words: MatchWords,
): Match<T> {
  const withEmail = email ? (index.byEmail.get(email.toLowerCase()) ?? []) : [];
  const byId = externalId ? index.byExternalId.get(externalId) : undefined;
  if (byId) {
    // The row renames the record's e-mail: fine, unless the new one is another record's.
    const taken = withEmail.some((r) => r.id !== byId.id);
    return { stored: byId, problems: taken ? [{ column: 'Email', message: words.emailTaken }] : [] };
  }
  if (withEmail.length > 1) {
    return { stored: null, problems: [{ column: 'Email', message: `More than one ${words.noun} already uses this email, so Rollbook cannot tell which one this row is` }] };
  }
  const [byEmail] = withEmail;
  if (byEmail && externalId && byEmail.externalId && byEmail.externalId !== externalId) {
    return {
      stored: null,
      problems: [{ column: 'Email', message: `This email belongs to the ${words.noun} with external id "${byEmail.externalId}", not "${externalId}"` }],
    };
  }
  return { stored: byEmail ?? null, problems: [] };
}

/** Adds a problem to every row whose key another row of the file shares; answers those rows. */
export function repeatsOf<R extends { rowNumber: number; problems: ImportProblem[] }>(
  rows: R[],
  keyOf: (row: R) => string | number | null,
  problem: (otherRows: number[]) => ImportProblem,
): R[] {
  const groups = new Map<string | number, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null && key !== '') groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const repeated = [...groups.values()].filter((group) => group.length > 1);
  for (const group of repeated) {
    for (const row of group) row.problems.push(problem(group.filter((r) => r !== row).map((r) => r.rowNumber)));
  }
  return repeated.flat();
}

export const rowList = (rows: number[]) => (rows.length === 1 ? `row ${rows[0]}` : `rows ${rows.join(', ')}`);
