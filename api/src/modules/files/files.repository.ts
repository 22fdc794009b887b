import type { FileAccessSubject, FileItem, FileSortKey } from '@rollbook/shared-types/files';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { DB } from '../../db/database.js';
import { orderBySql, type PageRequest } from '../../lib/list-page.js';

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

const FILE_SORT_SQL: Record<FileSortKey, RawBuilder<unknown>> = {
  // files_entity_order_idx (entity_type_id, entity_id, uploaded_at, file_id) serves this order.
  date: sql`files.uploaded_at`,
  type: sql`lower(files.file_type)`,
  title: sql`lower(files.title)`,
  size: sql`files.size_bytes`,
  sharedWith: sql`files.shared_with`,
  timesAccessed: sql`files.times_accessed`,
};

const fileOrder = (sort: FileSortKey, dir: SortDirection) => orderBySql(FILE_SORT_SQL[sort], sql`files.file_id`, dir);

/** Whose files, and which of them the caller may see: `visibleTo` the sharing values allowed (null: all). */
export interface FileOwnerFilter {
  entityTypeId: number;
  entityId: number;
  visibleTo: FileAccessSubject[] | null;
}

const ownedBy = (f: FileOwnerFilter) => (eb: ExpressionBuilder<DB, 'files'>) => eb.and([
  eb('files.entityTypeId', '=', f.entityTypeId),
  eb('files.entityId', '=', f.entityId),
  ...(f.visibleTo === null ? [] : [eb('files.sharedWith', 'in', f.visibleTo)]),
]);

/** Every file of a student or teacher the caller may see (the whole-list call), newest first unless another order is asked for. */
export async function listFiles(db: Db, f: FileOwnerFilter, order: { sort: FileSortKey; dir: SortDirection } = { sort: 'date', dir: 'desc' }): Promise<FileItem[]> {
  if (f.visibleTo?.length === 0) return [];
  return selectFile(db).where(ownedBy(f)).orderBy(fileOrder(order.sort, order.dir)).execute();
}

/** One page of those files; the total rides on its rows as an uncorrelated subquery (run once). */
export async function pageFiles(db: Db, f: FileOwnerFilter, p: PageRequest<FileSortKey>): Promise<{ files: FileItem[]; total: number }> {
  if (f.visibleTo?.length === 0) return { files: [], total: 0 };
  const counted = db.selectFrom('files').select(sql<number>`count(*)::int`.as('n')).where(ownedBy(f));
  const rows = await selectFile(db)
    .select(counted.as('total'))
    .where(ownedBy(f))
    .orderBy(fileOrder(p.sort, p.dir))
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { files: rows.map(({ total: _total, ...item }) => item), total };
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
