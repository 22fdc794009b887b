// pnpm backup [file] | pnpm restore <file> [--force] | pnpm db:move-to-postgres
// The database is DATABASE_URL (PostgreSQL) or, unset, the embedded one in DATA_DIR/pglite, as for
// the server; uploaded documents are in the database or, FILES_DIR set, in that folder, which backup
// reads and restore writes. Paths are taken from where pnpm was started (INIT_CWD), not from api/.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPgliteDb, createPostgresDb, type DbHandle } from '../create-db.js';
import { BackupError } from './backup-file.js';
import { fileStamp, moveToPostgres } from './move-to-postgres.js';
import { restoreBackup } from './restore-backup.js';
import { writeBackup } from './write-backup.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const startedIn = process.env.INIT_CWD ?? process.cwd();
const dataDir = process.env.DATA_DIR ? resolve(startedIn, process.env.DATA_DIR) : join(repoRoot, '.data');
const pgliteDir = join(dataDir, 'pglite');
const filesDir = process.env.FILES_DIR ? resolve(startedIn, process.env.FILES_DIR) : undefined;

async function openPglite(mustExist: boolean): Promise<DbHandle> {
  if (mustExist && !existsSync(pgliteDir)) throw new BackupError(`There is no embedded database in ${pgliteDir} (set DATA_DIR if it lives elsewhere).`);
  mkdirSync(pgliteDir, { recursive: true });
  return createPgliteDb(pgliteDir);
}

async function openConfigured(mustExist: boolean): Promise<DbHandle> {
  return process.env.DATABASE_URL ? createPostgresDb(process.env.DATABASE_URL, 2) : openPglite(mustExist);
}

function where(handle: DbHandle): string {
  return handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${pgliteDir}`;
}

async function backup(file: string | undefined): Promise<void> {
  const path = resolve(startedIn, file ?? `rollbook-backup-${fileStamp(new Date())}.jsonl.gz`);
  if (existsSync(path)) throw new BackupError(`${path} already exists; give another file name.`);
  const handle = await openConfigured(true);
  try {
    const summary = await writeBackup(handle.db, handle.kind, path, { filesDir });
    console.info(`Backed up ${where(handle)}: ${summary.tables} tables, ${summary.rows} rows, migration ${summary.migration}\n  -> ${path}`);
    const { documents } = summary;
    if (filesDir) console.info(`  with ${documents.count} documents (${megabytes(documents.bytes)}) from FILES_DIR ${filesDir}`);
    if (documents.missing.length > 0) {
      console.warn(`Warning: ${documents.missing.length} documents the database names were not in FILES_DIR ${filesDir} and are not in this backup: ${documents.missing.join(', ')}`);
    }
    if (documents.notIncluded > 0) {
      console.warn(`Warning: ${documents.notIncluded} uploaded documents are kept on disk, not in the database, and FILES_DIR is not set: they are NOT in this backup. Run it again with FILES_DIR set to the server's folder.`);
    }
  } finally {
    await handle.close();
  }
}

async function restore(file: string | undefined, force: boolean): Promise<void> {
  if (!file) throw new BackupError('Usage: pnpm restore <file> [--force]');
  const path = resolve(startedIn, file);
  const handle = await openConfigured(false);
  try {
    const summary = await restoreBackup(handle.db, path, { force, filesDir });
    console.info(`Restored ${path} into ${where(handle)}: ${summary.tables} tables, ${summary.rows} rows (backed up at migration ${summary.migration}, now migrated to the latest).`);
    if (summary.documents > 0) console.info(`  with ${summary.documents} documents, written ${filesDir ? `to FILES_DIR ${filesDir}` : 'into the database (FILES_DIR is not set)'}`);
    console.info('Phones will take a full copy of their data on their next sync.');
  } finally {
    await handle.close();
  }
}

async function moveUp(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new BackupError('Set DATABASE_URL to the PostgreSQL database to move the school into (an empty one: createdb rollbook).');
  const source = await openPglite(true);
  const target = createPostgresDb(process.env.DATABASE_URL, 2);
  try {
    const summary = await moveToPostgres(source, target, join(dataDir, 'backups'));
    console.info(`Moved the embedded school into PostgreSQL: ${summary.tables} tables, ${summary.rows} rows.`);
    console.info(`The embedded database in ${pgliteDir} is unchanged; the copy went through ${summary.backupPath}.`);
    console.info('From now on start the server with the same DATABASE_URL.');
    if (filesDir) console.info(`Documents in FILES_DIR ${filesDir} stay where they are: keep FILES_DIR as it was.`);
  } finally {
    await source.close();
    await target.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  const [command, file, ...rest] = positionals;
  if (rest.length > 0) throw new BackupError(`Unexpected arguments: ${rest.join(' ')}`);
  if (command === 'backup') return backup(file);
  if (command === 'restore') return restore(file, values.force);
  if (command === 'move-to-postgres') return moveUp();
  throw new BackupError('Usage: backup [file] | restore <file> [--force] | move-to-postgres');
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
});
