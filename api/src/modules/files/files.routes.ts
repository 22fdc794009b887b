import multipart from '@fastify/multipart';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  DeletedFileSchema,
  DeleteFileRequestSchema,
  FileDownloadQuerySchema,
  FileItemSchema,
  FILE_OWNER_STUDENT,
  FILE_OWNER_TEACHER,
  FilesByStudentQuerySchema,
  FilesByTeacherQuerySchema,
  FilesResponseSchema,
} from '@rollbook/shared-types/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { createDatabaseFileStore, purgeUnreferencedFileBlobs } from '../../lib/database-file-store.js';
import { createDiskFileStore, type FileStore } from '../../lib/file-store.js';
import { ADMIN, ADMIN_OR_TEACHER, ALL_ROLES, principalOf } from '../../plugins/auth.js';
import { attachmentHeader, downloadContentType } from './file-names.js';
import { deleteFile, filesOf, openFile, recordUpload } from './files.service.js';
import { receiveUpload } from './files.upload.js';

// Documents the download's body for the OpenAPI document; a stream is sent as it is, never serialized.
const FileBytesSchema = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export interface FilesRoutesOptions {
  /** A folder (shared by every server) for the bytes; unset: they are kept in the database. */
  filesDir: string | undefined;
  maxUploadBytes: number;
  /** Another store (an object store, a test double) instead of the folder. */
  store?: FileStore;
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (app, opts) => {
  const store = opts.store ?? (opts.filesDir ? createDiskFileStore(opts.filesDir) : createDatabaseFileStore(app.db));
  app.jobs.add({ name: 'file-blobs-purge', everyMs: 86_400_000, run: async () => void (await purgeUnreferencedFileBlobs(app.db)) });
  // Registered here, so multipart bodies are understood by these routes only.
  await app.register(multipart, { limits: { fileSize: opts.maxUploadBytes, files: 1 } });

  app.get('/api/files/GetFilesByStudentId', {
    config: { roles: ALL_ROLES },
    schema: {
      tags: ['files'],
      summary: "A student's documents: all for an admin; those shared with them for the student or their teachers. With page/pageSize one page, sorted, with the total",
      querystring: FilesByStudentQuerySchema,
      response: { 200: FilesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { studentId, ...paging } = request.query;
      return filesOf(app.db, principalOf(request), FILE_OWNER_STUDENT, studentId, paging);
    },
  });

  app.get('/api/files/GetFilesByTeacherId', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['files'],
      summary: "A teacher's documents: all for an admin; those shared with the teacher for the teacher. With page/pageSize one page, sorted, with the total",
      querystring: FilesByTeacherQuerySchema,
      response: { 200: FilesResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { teacherId, ...paging } = request.query;
      return filesOf(app.db, principalOf(request), FILE_OWNER_TEACHER, teacherId, paging);
    },
  });

  app.post('/api/files/Upload', {
    config: { roles: ADMIN },
    schema: {
      tags: ['files'],
      summary: 'Upload one document (multipart/form-data: entityTypeId, entityId, title, fileType, fileAccessSubject and the file)',
      consumes: ['multipart/form-data'],
      response: { 201: FileItemSchema, ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
    },
    handler: async (request, reply) => {
      const upload = await receiveUpload(request, store, opts.maxUploadBytes);
      const item = await recordUpload(app.db, store, principalOf(request).userId, upload);
      return reply.code(201).send(item);
    },
  });

  app.get('/api/files/Download', {
    config: { roles: ALL_ROLES },
    schema: {
      tags: ['files'],
      summary: 'Download a document as an attachment; counts one access',
      querystring: FileDownloadQuerySchema,
      // The 200 body is the file's bytes (a stream, never serialized); refusals are the usual error body.
      response: { 200: { description: "The document's bytes", content: { 'application/octet-stream': { schema: FileBytesSchema } } }, ...errors },
    },
    handler: async (request, reply) => {
      const { item, content } = await openFile(app.db, store, principalOf(request), request.query.id);
      return reply
        .header('content-type', downloadContentType(item.contentType))
        .header('content-disposition', attachmentHeader(item.name))
        .header('content-length', String(item.size))
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  });

  app.post('/api/files/Delete', {
    config: { roles: ADMIN },
    schema: {
      tags: ['files'],
      summary: "Delete a document (admin); answers its id (a paged client asks again for the page it shows)",
      body: DeleteFileRequestSchema,
      response: { 200: DeletedFileSchema, ...errors },
    },
    handler: async (request) => deleteFile(app.db, store, request.body.id),
  });
};
