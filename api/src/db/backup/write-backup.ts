import { rm } from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, BackupWriter } from './backup-file.js';
import { appliedMigrations, listBackupTables, sequenceStates } from './backup-catalog.js';
import { writeDocuments, type DocumentsWritten } from './backup-documents.js';
import { useExactTextForms } from './session-settings.js';

const FETCH_ROWS = 2_000;

export interface BackupSummary {
  path: string;
  migration: string;
  tables: number;
  rows: number;
  documents: DocumentsWritten;
}

export interface BackupOptions {
  /** FILES_DIR, when the school keeps uploaded documents on disk: their bytes go into the file too. */
  filesDir?: string | undefined;
}

/**
 * Writes every table's rows and every sequence of `db` to a new file at `path` (never overwriting
 * one), and the documents kept in `options.filesDir`. One repeatable-read, read-only transaction:
 * the file is one consistent moment of the school while servers go on working (the documents are
 * those its records name). A failure removes the partial file.
 */
export async function writeBackup(db: Kysely<any>, source: 'postgres' | 'pglite', path: string, options: BackupOptions = {}): Promise<BackupSummary> {
  let writer: BackupWriter | null = null;
  try {
    return await db.withoutPlugins().transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
      await useExactTextForms(trx);
      const migrations = await appliedMigrations(trx);
      const migration = migrations.at(-1);
      if (!migration) throw new BackupError('This database has never been migrated: there is no school to back up.');
      writer = new BackupWriter(path);
      await writer.write({ kind: 'header', format: BACKUP_FORMAT, version: BACKUP_FORMAT_VERSION, createdAt: new Date().toISOString(), source, migration, migrations });
      const tables = await listBackupTables(trx);
      let rows = 0;
      for (const table of tables) {
        await writer.write({ kind: 'table', name: table.name, columns: table.columns.map((c) => c.name), types: table.columns.map((c) => c.type) });
        const values = sql.join(table.columns.map((c) => sql`${sql.ref(c.name)}::text`));
        // A cursor, so a table of a million register lines streams rather than fills memory.
        await sql`declare rollbook_backup no scroll cursor for
          select array_to_json(array[${values}]::text[])::text as line from ${sql.table(table.name)}`.execute(trx);
        for (;;) {
          const batch = await sql<{ line: string }>`fetch forward ${sql.lit(FETCH_ROWS)} from rollbook_backup`.execute(trx);
          for (const r of batch.rows) await writer.write(r.line);
          rows += batch.rows.length;
          if (batch.rows.length < FETCH_ROWS) break;
        }
        await sql`close rollbook_backup`.execute(trx);
      }
      // Read last: a sequence is never behind the rows of a snapshot taken before it.
      await writer.write({ kind: 'sequences', values: await sequenceStates(trx) });
      const documents = await writeDocuments(trx, writer, options.filesDir);
      await writer.end({ tables: tables.length, rows });
      return { path, migration, tables: tables.length, rows, documents };
    });
  } catch (err) {
    if (writer) {
      (writer as BackupWriter).destroy();
      await rm(path, { force: true });
    }
    throw err;
  }
}
