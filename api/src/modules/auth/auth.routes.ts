import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { AuthenticateRequestSchema, SignedInUserSchema } from '@rollbook/shared-types/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { purgeEndedAttempts } from '../../lib/attempt-counters.js';
import { FailureLimiter } from '../../lib/failure-limiter.js';
import { signIn } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ tokenLifetimeSeconds: number; attemptsPerMinute: number }> = async (app, opts) => {
  // Failed sign-ins are limited per IP and username (guessing one account) and per IP (spraying
  // many accounts); a refused caller gets 429 even with the right password until the minute ends.
  const perAccount = new FailureLimiter(app.db, 'sign-in-account', opts.attemptsPerMinute, 60_000);
  const perIp = new FailureLimiter(app.db, 'sign-in-ip', opts.attemptsPerMinute * 5, 60_000);
  app.jobs.add({ name: 'attempt-counters-purge', everyMs: 86_400_000, run: async () => void (await purgeEndedAttempts(app.db)) });

  app.post('/api/users/authenticate', {
    config: { public: true },
    schema: {
      tags: ['users'],
      summary: 'Sign in',
      security: [],
      body: AuthenticateRequestSchema,
      response: { 200: SignedInUserSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    },
    handler: async (request, reply) => {
      const accountKey = `${request.ip}|${request.body.username.toLowerCase()}`;
      const wait = Math.max(...(await Promise.all([perIp.retryAfterSeconds(request.ip), perAccount.retryAfterSeconds(accountKey)])));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(429, 'TOO_MANY_REQUESTS', `Too many attempts, please wait ${wait} seconds and try again`);
      }
      try {
        return await signIn(app.db, { sign: (payload) => app.signToken(payload), lifetimeSeconds: opts.tokenLifetimeSeconds }, request.body);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) {
          await Promise.all([perIp.recordFailure(request.ip), perAccount.recordFailure(accountKey)]);
        }
        throw err;
      }
    },
  });
};
