import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Shared by the migrations that create synced tables; see 2026_11_22_000200_change_tracking.ts.

/** created_at, updated_at and change_seq: the trigger keeps the last two current. */
export function withChangeColumns<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'created_at' | 'updated_at' | 'change_seq'> {
  return table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('change_seq', 'bigint', (c) => c.notNull().defaultTo(sql`nextval('rollbook_change_seq')`));
}

export async function trackChanges(
  db: Kysely<any>,
  table: string,
  keyColumns: string[],
  options: { versioned?: boolean } = {},
): Promise<void> {
  const args = options.versioned ? sql.lit('versioned') : sql``;
  await sql`create trigger ${sql.id(`${table}_track_change`)} before insert or update on ${sql.table(table)}
    for each row execute function rollbook_track_change(${args})`.execute(db);
  await sql`create trigger ${sql.id(`${table}_track_delete`)} after delete on ${sql.table(table)}
    for each row execute function rollbook_track_delete(${sql.join(keyColumns.map((k) => sql.lit(k)))})`.execute(db);
  await db.schema.createIndex(`${table}_change_seq_idx`).on(table).column('change_seq').execute();
}
