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

/**
 * Statements compiled once per database and page shape (sort, page size, offset, ...): `key` names
 * the shape, `build` compiles it the first time. Shapes that take offsets are unbounded, so past
 * `max` of them a database's kept statements are forgotten and compiled again as asked for. They
 * hold SQL, never rows: every call still asks PostgreSQL.
 */
export function compiledPerShape<T>(max: number): (db: Kysely<DB>, key: string, build: () => T) => T {
  const shapes = perDatabase(() => new Map<string, T>());
  return (db, key, build) => {
    const kept = shapes(db);
    let statement = kept.get(key);
    if (statement === undefined) {
      statement = build();
      if (kept.size >= max) kept.clear();
      kept.set(key, statement);
    }
    return statement;
  };
}
