import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';

// Set-based writes: all the rows of one table go as one JSON parameter to one statement
// (jsonb_to_recordset), as the sync push records its answers. 10,000 rows are one statement, not
// 10,000 round trips, and the statement's text does not depend on how many rows there are.

/** Column name (snake_case) to its SQL type, e.g. { first_name: 'text', company_id: 'int' }. */
export type ColumnTypes = Record<string, string>;
/** A row to write: its keys are the column names. */
export type JsonRow = object;

const recordset = (rows: readonly JsonRow[], types: ColumnTypes): RawBuilder<unknown> =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${sql.raw(Object.entries(types).map(([c, t]) => `${c} ${t}`).join(', '))})`;

const ids = (columns: string[]) => sql.join(columns.map((c) => sql.id(c)));

/** Inserts the rows; answers the `returning` column of each inserted row, as stored. */
export async function insertRows<R>(db: Kysely<DB>, table: string, types: ColumnTypes, rows: readonly JsonRow[], returning: string[]): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(types);
  const { rows: inserted } = await sql<R>`
    insert into ${sql.table(table)} (${ids(columns)})
    select ${ids(columns)} from ${recordset(rows, types)}
    returning ${ids(returning)}`.execute(db);
  return inserted;
}

/** Updates each row's columns where the table's `key` equals the row's; answers how many rows changed. */
export async function updateRows(db: Kysely<DB>, table: string, key: string, types: ColumnTypes, rows: readonly JsonRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(types).filter((c) => c !== key);
  const result = await sql`
    update ${sql.table(table)} as t set ${sql.join(columns.map((c) => sql`${sql.id(c)} = r.${sql.id(c)}`))}
    from ${recordset(rows, types)}
    where t.${sql.id(key)} = r.${sql.id(key)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
