import type { Kysely } from 'kysely';
import type { DB } from './database.js';

/**
 * What `build` makes from a database handle, made once per handle and kept as long as the handle
 * lives (a WeakMap: tests open many). For what depends only on the handle, never on data: a
 * compiled statement, a built select. Every call still asks PostgreSQL for the rows.
 */
export function perDatabase<T>(build: (db: Kysely<DB>) => T): (db: Kysely<DB>) => T {
  const kept = new WeakMap<Kysely<DB>, T>();
  return (db) => {
    let value = kept.get(db);
    if (value === undefined) {
      value = build(db);
      kept.set(db, value);
    }
    return value;
  };
}
