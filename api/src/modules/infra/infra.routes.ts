import { HealthSchema, VersionSchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { clusterVersion } from './cluster-version.js';

export const infraRoutes: FastifyPluginAsyncZod<{ version: () => string }> = async (app, opts) => {
  const version = clusterVersion(app, opts.version);
  app.addHook('onReady', async () => {
    await version.announce().catch((err: unknown) => app.log.warn({ err }, 'could not announce this version'));
  });

  app.get('/api/infra/GetVersionNumber', {
    config: { public: true },
    schema: { tags: ['infra'], summary: 'Newest build version running in the cluster', security: [], response: { 200: VersionSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: await version.current() };
    },
  });

  // For load balancers and monitoring: the process answers and its database does. While the
  // database is out of reach the query fails and the errors plugin answers 503 UNAVAILABLE.
  app.get('/api/infra/Health', {
    config: { public: true },
    schema: { tags: ['infra'], summary: 'The API and its database are up', security: [], response: { 200: HealthSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: 'up' as const };
    },
  });
};
