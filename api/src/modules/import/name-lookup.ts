import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { comparable } from './cell-values.js';

export type Found = { id: number } | { missing: 'unknown' | 'ambiguous' };

/** Ids by name as a spreadsheet writes them: case, spaces and punctuation do not matter. */
export class NameLookup {
  private readonly byName = new Map<string, number[]>();

  constructor(rows: { id: number; names: (string | null)[] }[]) {
    for (const row of rows) {
      for (const name of new Set(row.names.filter((n): n is string => !!n).map(comparable))) {
        this.byName.set(name, [...(this.byName.get(name) ?? []), row.id]);
      }
    }
  }

  find(text: string): Found {
    const ids = this.byName.get(comparable(text)) ?? [];
    if (ids.length === 1) return { id: ids[0] as number };
    return { missing: ids.length === 0 ? 'unknown' : 'ambiguous' };
  }
}

/** The school's lists a row may name, read once per import (they are small). */
export interface Lookups {
  companies: NameLookup;
  nationalities: NameLookup;
  subjects: NameLookup;
  levels: NameLookup;
  courseTypes: NameLookup;
}

export async function loadLookups(db: Kysely<DB>): Promise<Lookups> {
  const [companies, nationalities, subjects, levels, courseTypes] = await Promise.all([
    db.selectFrom('companies').select(['companyId as id', 'name', 'code']).execute(),
    db.selectFrom('nationalities').select(['nationalityId as id', 'name']).execute(),
    db.selectFrom('subjects').select(['subjectId as id', 'name']).execute(),
    db.selectFrom('courseLevels').select(['courseLevelId as id', 'name']).execute(),
    db.selectFrom('courseTypes').select(['courseTypeId as id', 'name']).execute(),
  ]);
  const byName = (rows: { id: number; name: string }[]) => new NameLookup(rows.map((r) => ({ id: r.id, names: [r.name] })));
  return {
    // A company by its name or its code (the code is unique; a name may not be).
    companies: new NameLookup(companies.map((c) => ({ id: c.id, names: [c.name, c.code] }))),
    nationalities: byName(nationalities),
    subjects: byName(subjects),
    levels: byName(levels),
    courseTypes: byName(courseTypes),
  };
}
