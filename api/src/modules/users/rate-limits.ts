import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

export interface AttemptLimit {
  max: number;
  /** e.g. '1 minute', '15 minutes'. */
  timeWindow: string;
  /** What one bucket is: the caller's IP, the e-mail asked about, the signed-in user … */
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler enforcing several limits together (as sign-in does: per IP, and per IP and account),
 * each counted on every call; the first one exceeded answers 429 with Retry-After.
 */
export function limitAttempts(app: FastifyInstance, name: string, limits: AttemptLimit[]) {
  const checks = limits.map((limit, i) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: (request) => `${name}:${i}:${limit.key(request)}` }),
  );
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(429, 'TOO_MANY_REQUESTS', `Too many attempts, please wait ${result.ttlInSeconds} seconds and try again`);
      }
    }
  };
}

/** The e-mail of a JSON body or query, lower-cased, for per-address limits. */
export function emailOf(request: FastifyRequest): string {
  const source = (request.body ?? request.query) as { email?: unknown } | undefined;
  return String(source?.email ?? '').trim().toLowerCase();
}
