import multipart from '@fastify/multipart';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ImportPreviewSchema, ImportQuerySchema, ImportResultSchema } from '@rollbook/shared-types/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/auth.js';
import { receiveCsv } from './import-upload.js';
import { previewImport, runImport } from './import.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 415: ErrorBodySchema };
const upload =
  'Body: multipart/form-data with one CSV file (UTF-8, with or without a byte order mark, or Windows-1252; comma or semicolon ' +
  `separated; headings as in the import screen's template). A file that cannot be read (not CSV, wrong headings, empty, over ` +
  `${IMPORT_MAX_BYTES / 1024 / 1024} MB or ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows) is a 400 naming the problem.`;

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, so multipart bodies are understood by these routes only.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });

  app.post('/api/import/Preview', {
    config: { roles: ADMIN },
    schema: {
      tags: ['import'],
      summary: 'Preview a CSV import of students, teachers or courses (admin); nothing is written',
      description: `Answers every row with its problems in plain words and what importing it would do (create, update, unchanged). ${upload}`,
      consumes: ['multipart/form-data'],
      querystring: ImportQuerySchema,
      response: { 200: ImportPreviewSchema, ...errors },
    },
    handler: async (request) => previewImport(app.db, request.query.kind, await receiveCsv(request)),
  });

  app.post('/api/import/Run', {
    config: { roles: ADMIN },
    schema: {
      tags: ['import'],
      summary: 'Import a CSV file of students, teachers or courses (admin), all rows or none',
      description: `One transaction: the rows are checked again and, when any has a problem, nothing is written (400 IMPORT_HAS_PROBLEMS). Rows are matched to stored records by external id, else by email (people), so importing the same file again changes nothing. ${upload}`,
      consumes: ['multipart/form-data'],
      querystring: ImportQuerySchema,
      response: { 200: ImportResultSchema, ...errors },
    },
    handler: async (request) => runImport(app.db, request.query.kind, await receiveCsv(request)),
  });
};
