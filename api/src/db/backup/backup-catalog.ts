import { sql, type Kysely } from 'kysely';
import type { SequenceState } from './backup-file.js';

// What a backup holds is read from the database's own catalog, never listed by hand, so a table a
// later migration adds is backed up and restored without anyone remembering to.

/** The migrator's own bookkeeping: a backup records the level instead, and restore migrates to it. */
export const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Tables whose rows are not worth moving: they are short-lived and meaningless in another database
 * or at another time. Restore empties them with the rest.
 */
export const TRANSIENT_TABLES: Record<string, string> = {
  // Sign-in and code-request counters in windows of minutes: restored, they would lock people out
  // (or let them in) for attempts made before the backup.
  attempt_counters: 'rate-limit counters of the last minutes',
  // Single-use tickets that open a live-notice stream and live seconds.
  notice_tickets: 'single-use stream tickets that expire within seconds',
};

export interface CatalogColumn {
  name: string;
  /** format_type(): what a text value is cast back to on restore. */
  type: string;
}

export interface CatalogTable {
  name: string;
  /** Stored columns in their order; generated columns are left out (PostgreSQL computes them). */
  columns: CatalogColumn[];
}

/** Every base table of the public schema, migrator tables included (callers decide). */
export async function listAllTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name);
}

/** The tables a backup holds: all but the migrator's and the transient ones, with their columns. */
export async function listBackupTables(db: Kysely<any>): Promise<CatalogTable[]> {
  const { rows } = await sql<{ table: string; column: string; type: string }>`
    select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`.execute(db);
  const tables = new Map<string, CatalogTable>();
  for (const r of rows) {
    if (MIGRATOR_TABLES.includes(r.table) || r.table in TRANSIENT_TABLES) continue;
    const table = tables.get(r.table) ?? { name: r.table, columns: [] };
    table.columns.push({ name: r.column, type: r.type });
    tables.set(r.table, table);
  }
  return [...tables.values()];
}

/** Every sequence of the public schema (identity columns' and stand-alone ones such as rollbook_change_seq). */
export async function listSequences(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select relname as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'S' order by relname`.execute(db);
  return rows.map((r) => r.name);
}

/** Where every sequence stands, by name, read in one statement. */
export async function sequenceStates(db: Kysely<any>): Promise<SequenceState[]> {
  const names = await listSequences(db);
  if (names.length === 0) return [];
  const reads = names.map((name) => sql`select ${name}::text as name, last_value::text as "lastValue", is_called as "isCalled" from ${sql.table(name)}`);
  const { rows } = await sql<SequenceState>`${sql.join(reads, sql` union all `)} order by name`.execute(db);
  return rows;
}

/** The migrations applied to the database, in name order (none when it has never been migrated). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows: exists } = await sql<{ found: boolean }>`select to_regclass('public.kysely_migration') is not null as found`.execute(db);
  if (!exists[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

// The records a school is made of. Lookups (subjects, levels, statuses) come with the migrations
// and do not make a database "hold a school".
const SCHOOL_TABLES = ['users', 'students', 'teachers', 'courses', 'companies'];

/** How many of the school's own records the database holds (0: safe to restore into); one count of the tables it has. */
export async function schoolRecordCount(db: Kysely<any>): Promise<number> {
  const present = (await listAllTables(db)).filter((table) => SCHOOL_TABLES.includes(table));
  if (present.length === 0) return 0;
  const counts = present.map((table) => sql`(select count(*) from ${sql.table(table)})`);
  const { rows } = await sql<{ n: string | number }>`select ${sql.join(counts, sql` + `)} as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
