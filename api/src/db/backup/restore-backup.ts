import { migrations } from '@rollbook/migrations';
import { sql, type Kysely, type Transaction } from 'kysely';
import { startNewSyncEpoch } from '../../modules/sync/sync-epoch.repository.js';
import { withClusterLock } from '../cluster-lock.js';
import type { Db } from '../create-db.js';
import { migrateToLatest } from '../migrate.js';
import { BackupError, readBackup, type BackupContents, type Row, type SequenceState, type TableLine } from './backup-file.js';
import { appliedMigrations, listAllTables, listBackupTables, listSequences, MIGRATOR_TABLES, schoolRecordCount, type CatalogTable } from './backup-catalog.js';
import { documentRestorer } from './backup-documents.js';
import { useExactTextForms } from './session-settings.js';

const BATCH_ROWS = 1_000;
const BATCH_CHARS = 8_000_000;

export interface RestoreOptions {
  /** Replace a database that already holds a school. */
  force?: boolean;
  /** FILES_DIR of the restoring Rollbook: the file's documents are written there; unset, into the database. */
  filesDir?: string | undefined;
}

export interface RestoreSummary {
  migration: string;
  tables: number;
  rows: number;
  /** Documents the file carried (kept in FILES_DIR where it was made), now where this Rollbook keeps them. */
  documents: number;
}

/**
 * Restores a backup into `db`, all in one transaction: the file is first read whole and checked
 * (a damaged or newer file is refused before anything is written), then the database is emptied,
 * brought to the file's migrations, loaded, its sequences set, migrated to this Rollbook's
 * latest, and given a new sync epoch (phones then pull everything again). Any failure rolls everything back. Servers must be stopped meanwhile (the embedded
 * database can only be opened by one process anyway).
 */
export async function restoreBackup(db: Db, path: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const contents = await readBackup(path);
  const known = Object.keys(migrations).sort();
  const unknown = contents.header.migrations.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    const newer = unknown.some((name) => name > known.at(-1)!);
    throw new BackupError(newer
      ? `${path} comes from a newer Rollbook (migration ${unknown.at(-1)}; this one knows up to ${known.at(-1)}). Upgrade Rollbook, then restore; nothing was restored.`
      : `${path} has migration ${unknown.join(', ')}, which this Rollbook does not know; nothing was restored.`);
  }
  await withClusterLock(db, 'start', () => db.transaction().execute(async (trx) => {
    const raw = trx.withoutPlugins() as Transaction<any>;
    await useExactTextForms(raw);
    const applied = await appliedMigrations(raw);
    const strangers = applied.filter((name) => !(name in migrations));
    if (strangers.length > 0) throw new BackupError(`This database has migration ${strangers.join(', ')}, which this Rollbook does not know (a newer Rollbook ran on it); nothing was restored.`);
    if (!options.force) {
      const records = await schoolRecordCount(raw);
      if (records > 0) throw new BackupError(`This database already holds a school (${records} users, students, teachers, courses and companies between them). Restore into an empty database, or add --force to replace it; nothing was restored.`);
    }
    await emptyAllTables(raw);
    await migrateToExactly(trx, applied, contents.header.migrations);
    await emptyAllTables(raw); // what the migrations themselves put there (lookups) comes from the file
    const tables = await listBackupTables(raw);
    checkSameTables(tables, contents, path);
    await loadRows(raw, tables, path, options.filesDir);
    await migrateToExactly(trx, contents.header.migrations, known);
    // Phones hold pull cursors of the history just replaced (marks past the file's): a new epoch
    // makes each one's next pull a full one, so none keeps what the restore took back.
    await startNewSyncEpoch(trx);
  }));
  return { migration: contents.header.migration, tables: contents.tables.length, rows: contents.rows, documents: contents.documents.count };
}

/** Empties every table but the migrator's, the audit trail too (its refusing trigger is set aside: a restore replaces the school's history with the file's). */
async function emptyAllTables(trx: Kysely<any>): Promise<void> {
  const tables = (await listAllTables(trx)).filter((t) => !MIGRATOR_TABLES.includes(t));
  if (tables.length === 0) return;
  await withUserTriggersOff(trx, () => sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))} restart identity cascade`.execute(trx));
}

/** Runs fn with every enabled user trigger of the public schema disabled, enabling them again after (in the same transaction). */
async function withUserTriggersOff<T>(trx: Kysely<any>, fn: () => Promise<T>): Promise<T> {
  const { rows: triggers } = await sql<{ table: string; name: string }>`
    select t.tgrelid::regclass::text as "table", t.tgname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled <> 'D'`.execute(trx);
  for (const t of triggers) await sql`alter table ${sql.raw(t.table)} disable trigger ${sql.id(t.name)}`.execute(trx);
  const result = await fn();
  for (const t of triggers) await sql`alter table ${sql.raw(t.table)} enable trigger ${sql.id(t.name)}`.execute(trx);
  return result;
}

/**
 * Brings the (emptied) schema from the migrations `applied` to exactly the set `wanted`: those it
 * has and the file has not are undone, newest first, then the missing ones applied in name order.
 * Given a transaction, Kysely's migrator runs inside it (PostgreSQL's DDL is transactional), so a
 * restore that fails after migrating leaves the schema as it found it.
 */
async function migrateToExactly(trx: Transaction<any>, applied: string[], wanted: string[]): Promise<void> {
  for (const name of applied.filter((n) => !wanted.includes(n)).sort().reverse()) {
    await migrations[name]!.down?.(trx);
    await sql`delete from kysely_migration where name = ${name}`.execute(trx);
  }
  await migrateToLatest(trx, Object.fromEntries(wanted.map((name) => [name, migrations[name]!])));
}

function checkSameTables(tables: CatalogTable[], contents: BackupContents, path: string): void {
  const here = new Map(tables.map((t) => [t.name, t.columns.map((c) => c.name).join(',')]));
  const there = new Map(contents.tables.map((t) => [t.name, t.columns.join(',')]));
  const differ = [...new Set([...here.keys(), ...there.keys()])].filter((name) => here.get(name) !== there.get(name));
  if (differ.length > 0) {
    throw new BackupError(`${path} does not match this database's tables at its own migration level (${differ.join(', ')} differ): was the schema changed by hand? Nothing was restored.`);
  }
}

/**
 * Loads the rows with the school's own rules set aside and then put back: user triggers (change
 * stamps, totals, hand-over records, the audit trail) are disabled so every row keeps the values it was backed up
 * with, and foreign keys are dropped and re-added afterwards, which checks every row at once and
 * needs no table order (a course's parent course, say, may come later in its table). Only the
 * tables' owner is needed for either, not a superuser.
 */
async function loadRows(trx: Kysely<any>, tables: CatalogTable[], path: string, filesDir: string | undefined): Promise<void> {
  const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`
    select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`.execute(trx);
  for (const fk of foreignKeys) await sql`alter table ${sql.raw(fk.table)} drop constraint ${sql.id(fk.name)}`.execute(trx);
  await withUserTriggersOff(trx, () => loadFile(trx, tables, path, filesDir));
  for (const fk of foreignKeys) await sql`alter table ${sql.raw(fk.table)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(trx);
}

async function loadFile(trx: Kysely<any>, tables: CatalogTable[], path: string, filesDir: string | undefined): Promise<void> {
  const byName = new Map(tables.map((t) => [t.name, t]));
  let table: CatalogTable | null = null;
  let batch: Row[] = [];
  let chars = 0;
  const flush = async () => {
    if (table && batch.length > 0) await insertRows(trx, table, batch);
    batch = [];
    chars = 0;
  };
  let sequences: SequenceState[] = [];
  const documents = documentRestorer(trx, filesDir);
  try {
    await readBackup(path, async (item) => {
      if (item.kind === 'document') return documents.put(item.key, item.part, item.bytes);
      if (item.kind === 'table') {
        await flush();
        table = byName.get((item.table as TableLine).name)!;
      } else if (item.kind === 'row') {
        batch.push(item.row);
        chars += item.row.reduce((n, v) => n + (v?.length ?? 4), 0);
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      } else {
        await flush();
        sequences = item.values;
      }
    });
    await documents.finish();
  } catch (err) {
    await documents.abandon();
    throw err;
  }
  await setSequences(trx, sequences, path);
}

async function insertRows(trx: Kysely<any>, table: CatalogTable, rows: Row[]): Promise<void> {
  // Each value is cast from its text form to the column's type by PostgreSQL itself. A transaction
  // id (xid8: who wrote a row, which sync pulls compare with their horizon) from the source's future
  // becomes this transaction's own: every writer in the file had finished, and a pull must never see
  // a restored row as written after it.
  const values = table.columns.map((c, i) => c.type === 'xid8'
    ? sql`least((r ->> ${sql.lit(i)})::xid8, pg_current_xact_id())`
    : sql`(r ->> ${sql.lit(i)})::${sql.raw(c.type)}`);
  await sql`insert into ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.ref(c.name)))}) overriding system value
    select ${sql.join(values)} from json_array_elements(${JSON.stringify(rows)}::json) as r`.execute(trx);
}

async function setSequences(trx: Kysely<any>, sequences: SequenceState[], path: string): Promise<void> {
  const here = new Set(await listSequences(trx));
  const missing = sequences.filter((s) => !here.has(s.name)).map((s) => s.name);
  if (missing.length > 0) throw new BackupError(`${path} has sequences this database lacks (${missing.join(', ')}); nothing was restored.`);
  if (sequences.length === 0) return;
  await sql`select setval(format('public.%I', s.name)::regclass, s."lastValue"::bigint, s."isCalled")
    from json_to_recordset(${JSON.stringify(sequences)}::json) as s(name text, "lastValue" text, "isCalled" boolean)`.execute(trx);
}
