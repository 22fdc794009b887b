import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DbHandle } from '../create-db.js';
import { restoreBackup, type RestoreSummary } from './restore-backup.js';
import { writeBackup } from './write-backup.js';

export interface MoveSummary extends RestoreSummary {
  /** The backup the move went through, kept: the school as it was at the moment it moved. */
  backupPath: string;
}

/**
 * Copies an embedded (PGlite) school into PostgreSQL through a backup file: the same writer and
 * loader as `pnpm backup` and `pnpm restore`, so there is one copier to trust. The source is only
 * read; a target that already holds a school is refused.
 */
export async function moveToPostgres(source: DbHandle, target: DbHandle, backupDir: string): Promise<MoveSummary> {
  if (source.kind !== 'pglite') throw new Error('The source of a move must be the embedded database');
  if (target.kind !== 'postgres') throw new Error('The target of a move must be PostgreSQL');
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const backupPath = join(backupDir, `moved-to-postgres-${fileStamp(new Date())}.jsonl.gz`);
  await writeBackup(source.db, 'pglite', backupPath);
  const summary = await restoreBackup(target.db, backupPath, { force: false });
  return { ...summary, backupPath };
}

/** 2026-11-25T13-05-09Z: sorts by time and is a valid file name everywhere. */
export function fileStamp(at: Date): string {
  return at.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
}
