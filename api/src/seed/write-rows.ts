import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../db/database.js';
import { IDENTITY_COLUMNS, SEEDED_TABLES, type SeededTable, type SeedRows } from './seed-plan.js';

// PostgreSQL allows 65,535 bind parameters per statement; stay under it whatever the row width.
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_INSERT = 4_000;

/** Inserts every planned row, parents before children, then moves identity sequences past the explicit ids. */
export async function writeRows(db: Kysely<DB>, rows: SeedRows): Promise<void> {
  for (const table of SEEDED_TABLES) await insertChunked(db, table, rows[table]);
  for (const [table, column] of IDENTITY_COLUMNS) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), max(${sql.ref(column)})) from ${sql.table(table)}`.execute(db);
  }
}

async function insertChunked<T extends SeededTable>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = new Set(rows.slice(0, 50).flatMap((r) => Object.keys(r))).size;
  const size = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    // The table is a union here, which Kysely's builder cannot narrow; the rows were typed per table.
    await db.insertInto(table as SeededTable).values(rows.slice(i, i + size) as never).execute();
  }
}
