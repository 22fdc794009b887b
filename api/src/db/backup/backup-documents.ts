import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { inParts } from '../../lib/database-file-store.js';
import { checkedStorageKey, createDiskFileStore } from '../../lib/file-store.js';
import type { BackupWriter } from './backup-file.js';

// Uploaded documents live in the database (file_blobs, backed up with every other table) unless
// the school set FILES_DIR: then their bytes are files on disk, named by storage key, and the
// database has only their records. A backup that left them out would restore records whose
// downloads answer 404, so the backup carries them (backup-file.ts, document lines) and restore
// puts them where the restoring Rollbook keeps documents.

export interface DocumentsWritten {
  /** Documents copied from FILES_DIR into the file, and their bytes. */
  count: number;
  bytes: number;
  /** Documents the database names whose bytes were not in FILES_DIR (deleted by hand?), by their uploaded name. */
  missing: string[];
  /** Documents whose bytes are on disk while no FILES_DIR was given: not in the file. */
  notIncluded: number;
}

/**
 * Writes the bytes of every document the snapshot `trx` names and the database does not hold
 * itself, read from filesDir (none given: counted as notIncluded, so the command can say so).
 */
export async function writeDocuments(trx: Kysely<any>, writer: BackupWriter, filesDir: string | undefined): Promise<DocumentsWritten> {
  const { rows } = await sql<{ key: string; name: string }>`
    select f.storage_key as key, f.original_name as name from files f
    where not exists (select 1 from file_blobs b where b.storage_key = f.storage_key and b.part = 0)
    order by f.storage_key`.execute(trx);
  const written: DocumentsWritten = { count: 0, bytes: 0, missing: [], notIncluded: 0 };
  if (!filesDir) return { ...written, notIncluded: rows.length };
  const store = createDiskFileStore(filesDir);
  for (const { key, name } of rows) {
    const content = await store.get(key);
    if (!content) {
      written.missing.push(name);
      continue;
    }
    let part = 0;
    for await (const bytes of inParts(content as AsyncIterable<Buffer>)) {
      await writer.write({ kind: 'document', key, part: part++, data: bytes.toString('base64') });
      written.bytes += bytes.length;
    }
    written.count++;
  }
  return written;
}

export interface DocumentRestorer {
  /** Takes the next part of a document, in file order. */
  put(key: string, part: number, bytes: Buffer): Promise<void>;
  /** Finishes the last document. */
  finish(): Promise<void>;
  /** Removes a document left half-written by a failure. */
  abandon(): Promise<void>;
}

/**
 * Where restored documents go: into filesDir when the restoring Rollbook keeps documents on disk,
 * else into the database (file_blobs, in the restore's transaction), so that their downloads work
 * either way. On disk each is written to a temporary name and renamed whole; a document whose key
 * the database already holds (the school once kept documents there) is left as the database has it.
 */
export function documentRestorer(trx: Kysely<any>, filesDir: string | undefined): DocumentRestorer {
  let current: { key: string; temp: string; final: string } | null = null;
  const inDatabase = new Set<string>();
  const finishFile = async () => {
    if (current) await rename(current.temp, current.final);
    current = null;
  };
  return {
    async put(key, part, bytes) {
      checkedStorageKey(key);
      if (!filesDir) {
        if (part === 0) {
          const { rows } = await sql<{ found: boolean }>`select exists (select 1 from file_blobs where storage_key = ${key}) as found`.execute(trx);
          if (rows[0]?.found) inDatabase.add(key);
        }
        if (inDatabase.has(key)) return;
        await sql`insert into file_blobs (storage_key, part, bytes) values (${key}, ${part}, ${bytes})`.execute(trx);
        return;
      }
      if (part === 0) {
        await finishFile();
        const dir = join(filesDir, key.slice(0, 2));
        await mkdir(dir, { recursive: true });
        current = { key, temp: join(dir, `${key}.restoring-${randomBytes(4).toString('hex')}`), final: join(dir, key) };
        await writeFile(current.temp, bytes, { mode: 0o600 });
      } else {
        await appendFile(current!.temp, bytes);
      }
    },
    finish: finishFile,
    async abandon() {
      if (current) await rm(current.temp, { force: true });
      current = null;
    },
  };
}
