import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import {
  ClosureConflictSchema, ClosureDeleteRequestSchema, ClosureDeleteResponseSchema, ClosureListSchema, ClosurePreviewSchema,
  ClosureSaveRequestSchema, ClosureSaveResponseSchema, ClosureSchema, ClosureUpsertRequestSchema,
} from '@rollbook/shared-types/closures';
import { ErrorBodySchema, IdQuerySchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, principalOf } from '../../plugins/auth.js';
import { previewClosure, saveClosureWithClasses } from './closure-moves.service.js';
import { getClosure, keepBankHolidays, listClosures, removeClosure } from './closures.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const tags = ['closures'];

export const closuresRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every server asks; one runs it a day (cluster-jobs), so a new year's holidays arrive by 2 January at the latest.
  app.jobs.add({ name: 'bank-holidays', everyMs: 86_400_000, run: async () => void (await keepBankHolidays(app.db)) });

  app.get('/api/closures/getall', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Closure days and bank holidays, in date order', response: { 200: ClosureListSchema, ...errors } },
    handler: async () => listClosures(app.db),
  });

  app.get('/api/closures/getbyid', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'One closure', querystring: IdQuerySchema, response: { 200: ClosureSchema, ...errors } },
    handler: async (request) => getClosure(app.db, request.query.id),
  });

  app.post('/api/closures/preview', {
    config: { roles: ADMIN },
    schema: {
      tags, summary: 'The classes on a closure\'s dates, each with whether it can be moved (writes nothing)',
      body: ClosureUpsertRequestSchema, response: { 200: ClosurePreviewSchema, ...errors },
    },
    handler: async (request) => previewClosure(app.db, request.body),
  });

  app.post('/api/closures/upsert', {
    config: { roles: ADMIN },
    schema: {
      tags,
      summary: 'Add or change a closure (d/m/yyyy, from and to inclusive), moving to the end of their courses or cancelling the classes on its dates as chosen, all or nothing',
      body: ClosureSaveRequestSchema, response: { 200: ClosureSaveResponseSchema, ...errors, 409: ClosureConflictSchema },
    },
    handler: async (request, reply) => {
      const outcome = await saveClosureWithClasses(app.db, principalOf(request), request.body);
      if (outcome.kind === 'clashes') return reply.code(409).send({ message: CLASS_MESSAGES.clash, code: 'CLASH', clashes: outcome.clashes });
      return outcome.result;
    },
  });

  app.post('/api/closures/delete', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Delete a closure (a deleted bank holiday is not added again)', body: ClosureDeleteRequestSchema, response: { 200: ClosureDeleteResponseSchema, ...errors } },
    handler: async (request) => removeClosure(app.db, request.body.closureId),
  });
};
