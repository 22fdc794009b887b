import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { AuthenticateRequestSchema, SignedInUserSchema } from '@rollbook/shared-types/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { signIn } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ tokenLifetimeSeconds: number; attemptsPerMinute: number }> = async (app, opts) => {
  // Two limits: per IP and username (guessing one account) and per IP (spraying many accounts).
  const perAccount = app.createRateLimit({
    max: opts.attemptsPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `${request.ip}|${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
  });
  const perIp = app.createRateLimit({ max: opts.attemptsPerMinute * 5, timeWindow: '1 minute', keyGenerator: (request) => request.ip });
  const limitAttempts = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limit of [perIp, perAccount]) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(429, 'TOO_MANY_REQUESTS', `Too many attempts, please wait ${result.ttlInSeconds} seconds and try again`);
      }
    }
  };

  app.post('/api/users/authenticate', {
    config: { public: true },
    preHandler: limitAttempts,
    schema: {
      tags: ['users'],
      summary: 'Sign in',
      security: [],
      body: AuthenticateRequestSchema,
      response: { 200: SignedInUserSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    },
    handler: async (request) =>
      signIn(app.db, { sign: (payload) => app.signToken(payload), lifetimeSeconds: opts.tokenLifetimeSeconds }, request.body),
  });
};
