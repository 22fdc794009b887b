import {
  FILE_DEFAULT_SORT,
  FILE_MESSAGES,
  FILE_OWNER_STUDENT,
  FILE_OWNER_TEACHER,
  FILE_PAGE_SIZE,
  FILE_SORT_NATURAL_DIR,
  FileUploadFieldsSchema,
  type DeletedFile,
  type FileAccessSubject,
  type FileItem,
  type FilePage,
  type FilePageQuery,
} from '@rollbook/shared-types/files';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/create-db.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import type { FileStore } from '../../lib/file-store.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import type { Principal } from '../../plugins/auth.js';
import { canSeeStudent } from '../students/students.service.js';
import { cleanContentType, cleanFileName, extensionOf } from './file-names.js';
import type { ReceivedUpload } from './files.upload.js';
import { countAccess, deleteFileRow, findFile, insertFile, listFiles, pageFiles } from './files.repository.js';

const FILE_NOT_FOUND = 'File not found';

async function entityExists(db: Db, entityTypeId: number, entityId: number): Promise<boolean> {
  const row = entityTypeId === FILE_OWNER_STUDENT
    ? await db.selectFrom('students').select('studentId as id').where('studentId', '=', entityId).executeTakeFirst()
    : await db.selectFrom('teachers').select('teacherId as id').where('teacherId', '=', entityId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Which files of a student or teacher the caller may see: null = all (admin), a list of sharing
 * values, or undefined when the caller may not see that person at all (answered as a 404).
 * Staff: admins only. Owner: the student or teacher themselves. Teachers: a student's teachers.
 * Everyone: both.
 */
async function visibleSubjects(db: Db, principal: Principal, entityTypeId: number, entityId: number): Promise<FileAccessSubject[] | null | undefined> {
  if (principal.isAdmin) return (await entityExists(db, entityTypeId, entityId)) ? null : undefined;
  if (entityTypeId === FILE_OWNER_STUDENT) {
    if (principal.studentId === entityId) return ['Owner', 'Everyone'];
    if (principal.teacherId !== null && (await canSeeStudent(db, principal, entityId))) return ['Teachers', 'Everyone'];
    return undefined;
  }
  return principal.teacherId === entityId ? ['Owner', 'Everyone'] : undefined;
}

/**
 * The files of a student or teacher the caller may see. With page or pageSize (the documents
 * panel): one page in the asked order with the total. Without them: every one, newest first.
 */
export async function filesOf(db: Db, principal: Principal, entityTypeId: number, entityId: number, q: FilePageQuery = {}): Promise<FileItem[] | FilePage> {
  const visible = await visibleSubjects(db, principal, entityTypeId, entityId);
  if (visible === undefined) throw notFound(entityTypeId === FILE_OWNER_STUDENT ? 'Student not found' : 'Teacher not found');
  const p = pageRequest(q, { sort: FILE_DEFAULT_SORT, naturalDir: FILE_SORT_NATURAL_DIR, pageSize: FILE_PAGE_SIZE });
  const owner = { entityTypeId, entityId, visibleTo: visible };
  if (!p.paged) return listFiles(db, owner, p);
  const { files, total } = await pageFiles(db, owner, p);
  return { files, ...pageInfo(p, total) };
}

/** Validates the fields of a received upload and records it; on any refusal the stored bytes are removed. */
export async function recordUpload(db: Db, store: FileStore, userId: number, upload: ReceivedUpload): Promise<FileItem> {
  const { file } = upload;
  try {
    if (!file) throw badRequest(FILE_MESSAGES.noFile, { file: [FILE_MESSAGES.noFile] });
    const parsed = FileUploadFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.') || 'request'] ??= []).push(issue.message);
      // Worded as the error handler words a route's own validation: each message after its field.
      throw badRequest(Object.entries(fieldErrors).flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`)).join('; '), fieldErrors);
    }
    const fields = parsed.data;
    const name = cleanFileName(file.filename ?? '');
    if (!name) throw badRequest(FILE_MESSAGES.badName, { file: [FILE_MESSAGES.badName] });
    if (fields.entityTypeId === FILE_OWNER_TEACHER && fields.fileAccessSubject === 'Teachers') {
      throw badRequest(FILE_MESSAGES.teachersOnTeacherFile, { fileAccessSubject: [FILE_MESSAGES.teachersOnTeacherFile] });
    }
    if (!(await entityExists(db, fields.entityTypeId, fields.entityId))) {
      throw notFound(fields.entityTypeId === FILE_OWNER_STUDENT ? 'Student not found' : 'Teacher not found');
    }
    const fileId = await insertFile(db, {
      entityTypeId: fields.entityTypeId,
      entityId: fields.entityId,
      title: fields.title,
      fileType: fields.fileType,
      originalName: name,
      extension: extensionOf(name),
      contentType: cleanContentType(file.mimetype),
      sizeBytes: file.size,
      storageKey: file.storageKey,
      sharedWith: fields.fileAccessSubject,
      uploadedBy: userId,
    });
    const saved = await findFile(db, fileId);
    if (!saved) throw notFound(FILE_NOT_FOUND);
    const { storageKey: _key, ...item } = saved;
    return item;
  } catch (err) {
    if (file) await store.delete(file.storageKey);
    throw err;
  }
}

/** The file's bytes for a caller allowed to see it; counts one access. Not allowed and not there are the same 404. */
export async function openFile(db: Db, store: FileStore, principal: Principal, fileId: number): Promise<{ item: FileItem; content: Readable }> {
  const file = await findFile(db, fileId);
  if (!file) throw notFound(FILE_NOT_FOUND);
  const visible = await visibleSubjects(db, principal, file.entityTypeId, file.entityId);
  if (visible === undefined || (visible !== null && !visible.includes(file.fileAccessSubject))) throw notFound(FILE_NOT_FOUND);
  const content = await store.get(file.storageKey);
  // The record is there but the store lost the bytes: say so (410) rather than "no such file".
  if (!content) throw new AppError(410, 'FILE_CONTENT_MISSING', "This file's content is missing from the file store, please upload it again");
  await countAccess(db, fileId);
  const { storageKey: _key, ...item } = file;
  return { item: { ...item, timesAccessed: item.timesAccessed + 1 }, content };
}

/** Deletes the record, then the bytes; answers the deleted id. */
export async function deleteFile(db: Db, store: FileStore, fileId: number): Promise<DeletedFile> {
  const file = await findFile(db, fileId);
  if (!file) throw notFound(FILE_NOT_FOUND);
  await deleteFileRow(db, fileId);
  await store.delete(file.storageKey);
  return { fileId };
}
