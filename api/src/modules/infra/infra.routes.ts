import { VersionSchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const infraRoutes: FastifyPluginAsyncZod<{ version: () => string }> = async (app, opts) => {
  app.get('/api/infra/GetVersionNumber', {
    config: { public: true },
    schema: { tags: ['infra'], summary: 'Version of the running build', security: [], response: { 200: VersionSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { version: opts.version() };
    },
  });
};
