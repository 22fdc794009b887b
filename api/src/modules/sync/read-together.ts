import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';

// A pull reads a handful of id sets that depend only on the caller's classes and cursor. Sent one
// statement each, every set cost a round trip (a socket write and read on both sides, a parse, bind
// and execute) for a few index look-ups. Here they go as one statement, each set as a JSON array:
// a teacher's pull with nothing new went from 11 statements to 7, and from 13.4 to 12.2 ms of CPU
// (API and PostgreSQL processes, scale 100).

type Rows<Q> = Q extends RawBuilder<infer R> ? R[] : never[];

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Runs the queries given (null: left out, answers []) as one statement. Only for rows of JSON-
 * faithful values (integers, booleans, text): a timestamp would come back as a string. Columns come
 * back camel-cased, as the database's CamelCasePlugin does for a query's own columns.
 */
export async function readTogether<Q extends Record<string, RawBuilder<object> | null>>(db: Kysely<DB>, queries: Q): Promise<{ [K in keyof Q]: Rows<Q[K]> }> {
  const asked = Object.entries(queries).filter((e): e is [string, RawBuilder<object>] => e[1] !== null);
  const answer: Record<string, object[]> = Object.fromEntries(Object.keys(queries).map((name) => [name, []]));
  if (asked.length > 0) {
    const columns = asked.map(([, query], i) => sql`(select coalesce(json_agg(q), '[]'::json) from (${query}) q) as ${sql.ref(`set${i}`)}`);
    const { rows } = await sql<Record<string, Record<string, unknown>[]>>`select ${sql.join(columns)}`.execute(db);
    const row = rows[0] ?? {};
    asked.forEach(([name], i) => {
      answer[name] = (row[`set${i}`] ?? []).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [camel(k), v])));
    });
  }
  return answer as { [K in keyof Q]: Rows<Q[K]> };
}
