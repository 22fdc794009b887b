import type { FileAccessSubject, FileItem } from '@rollbook/shared-types/files';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

const selectFile = (db: Db) =>
  db
    .selectFrom('files')
    .leftJoin('users', 'users.userId', 'files.uploadedBy')
    .select([
      'files.fileId', 'files.entityTypeId', 'files.entityId', 'files.title', 'files.fileType', 'files.originalName as name',
      'files.extension as extention', 'files.contentType', 'files.sizeBytes as size', 'files.sharedWith as fileAccessSubject',
      'files.timesAccessed',
      sql<string>`to_char(files.uploaded_at at time zone 'Europe/London', 'DD/MM/YYYY')`.as('uploadedDateString'),
      sql<string>`to_char(files.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('uploadedAt'),
      sql<string>`coalesce(trim(users.first_name || ' ' || users.last_name), '')`.as('uploadedBy'),
    ])
    .$narrowType<{ fileAccessSubject: FileAccessSubject }>();

/** The files of a student or teacher; `visibleTo` limits them to those shared that way (null: all). */
export async function listFiles(db: Db, entityTypeId: number, entityId: number, visibleTo: FileAccessSubject[] | null): Promise<FileItem[]> {
  let query = selectFile(db).where('files.entityTypeId', '=', entityTypeId).where('files.entityId', '=', entityId);
  if (visibleTo !== null) {
    if (visibleTo.length === 0) return [];
    query = query.where('files.sharedWith', 'in', visibleTo);
  }
  return query.orderBy('files.uploadedAt', 'desc').orderBy('files.fileId', 'desc').execute();
}

export async function findFile(db: Db, fileId: number): Promise<(FileItem & { storageKey: string }) | undefined> {
  return selectFile(db).select('files.storageKey').where('files.fileId', '=', fileId).executeTakeFirst();
}

export interface NewFileRow {
  entityTypeId: number;
  entityId: number;
  title: string;
  fileType: string;
  originalName: string;
  extension: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  sharedWith: FileAccessSubject;
  uploadedBy: number;
}

export async function insertFile(db: Db, row: NewFileRow): Promise<number> {
  const { fileId } = await db.insertInto('files').values(row).returning('fileId').executeTakeFirstOrThrow();
  return fileId;
}

export async function countAccess(db: Db, fileId: number): Promise<void> {
  await db.updateTable('files').set((eb) => ({ timesAccessed: eb('timesAccessed', '+', 1) })).where('fileId', '=', fileId).execute();
}

export async function deleteFileRow(db: Db, fileId: number): Promise<void> {
  await db.deleteFrom('files').where('fileId', '=', fileId).execute();
}
