import type { RoleName } from '@rollbook/shared-types/auth';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { PullQuerySchema, PullResponseSchema, type PullResponse, PushRequestSchema, PushResponseSchema, SyncProblemListQuerySchema, SyncProblemListSchema } from '@rollbook/shared-types/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { runAsActor } from '../../db/audit-actor.js';
import { ADMIN, principalOf } from '../../plugins/auth.js';
import { listSyncProblems } from './problems.repository.js';
import { pullAnswer } from './pull.service.js';
import { purgeAppliedMutations } from './push.repository.js';
import { pushMutations } from './push.service.js';
import { pruneSyncHistory, recordPruneMark } from './sync-history.repository.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['sync'];
const DAY_MS = 86_400_000;
// Admins have no phone window of their own (they use the site): pull is for teachers and students.
const PHONE_USERS: readonly RoleName[] = ['Teacher', 'Student'];
const TEACHER: readonly RoleName[] = ['Teacher'];

export interface SyncRoutesOptions {
  /** Hold the pull's JSON text to its schema, as the response serializer does outside production. */
  verifyAnswers: boolean;
}

/**
 * A pull answered as JSON text built by PostgreSQL skips the response serializer; outside production
 * it is checked as the serializer checks every other answer (response-serializer.ts): it must parse
 * to what the schema keeps, no field missing, mistyped or extra.
 */
function verifyPullText(text: string): void {
  const parsed: unknown = JSON.parse(text);
  const checked = PullResponseSchema.safeParse(parsed);
  if (!checked.success) throw new Error(`The pull's JSON answer breaks its schema: ${checked.error.message}`);
  if (!isDeepStrictEqual(checked.data, parsed)) throw new Error(`The pull's JSON answer has fields its schema does not: ${text.slice(0, 300)}`);
}

export const syncRoutes: FastifyPluginAsyncZod<SyncRoutesOptions> = async (app, opts) => {
  app.get('/api/sync/pull', {
    config: { roles: PHONE_USERS },
    schema: { tags, summary: "What changed in the caller's window since the cursor", querystring: PullQuerySchema, response: { 200: PullResponseSchema, ...errors } },
    handler: async (request, reply) => {
      const answer = await pullAnswer(app.db, principalOf(request), request.query);
      if (typeof answer !== 'string') return answer;
      if (opts.verifyAnswers) verifyPullText(answer);
      // Fastify sends a string as it is when the type is JSON; the route's typing knows only objects.
      return reply.type('application/json; charset=utf-8').send(answer as unknown as PullResponse);
    },
  });

  app.post('/api/sync/push', {
    config: { roles: TEACHER },
    schema: { tags, summary: 'Apply queued offline changes, each once, in order', body: PushRequestSchema, response: { 200: PushResponseSchema, ...errors, 422: ErrorBodySchema } },
    // Changes applied by a push were made on a phone: the audit trail says so (db/audit-actor.ts).
    handler: async (request) => runAsActor({ userId: principalOf(request).userId, source: 'phone' },
      () => pushMutations(app.db, principalOf(request), request.body, (err, message) => request.log.warn({ err }, message))),
  });

  app.get('/api/sync/problems', {
    config: { roles: ADMIN },
    schema: { tags, summary: 'Offline changes refused or in conflict (audit)', querystring: SyncProblemListQuerySchema, response: { 200: SyncProblemListSchema, ...errors } },
    handler: async (request) => listSyncProblems(app.db, request.query),
  });

  // Daily, once for the cluster: the record of answered changes is kept 90 days; deletions and
  // hand-overs as long as a cursor may still ask for them (sync-history.repository).
  app.jobs.add({
    name: 'sync-purge',
    everyMs: DAY_MS,
    run: async () => {
      await purgeAppliedMutations(app.db);
      await pruneSyncHistory(app.db);
      await recordPruneMark(app.db);
    },
  });
};
