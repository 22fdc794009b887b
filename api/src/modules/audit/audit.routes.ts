import { AuditActorListSchema, AuditListQuerySchema, AuditPageSchema } from '@rollbook/shared-types/audit';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN } from '../../plugins/auth.js';
import { getAuditActors, getAuditPage } from './audit.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['audit'];

// Read only: the trail is written by the database (see audit.repository.ts); no route edits or
// deletes an entry, and the table itself refuses it.
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/audit/list', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Audit trail: who changed what, when and from where', querystring: AuditListQuerySchema, response: { 200: AuditPageSchema, ...errors } },
    handler: async (request) => getAuditPage(app.db, request.query),
  });

  app.get('/api/audit/actors', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'People who appear in the audit trail', response: { 200: AuditActorListSchema, ...errors } },
    handler: async () => getAuditActors(app.db),
  });
};
