import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/create-db.js';
import { databaseRateLimitStore } from '../lib/rate-limit-store.js';

// Security headers from @fastify/helmet with a CSP the PWA passes: scripts only from our origin,
// inline styles allowed because Ionic's web components set style attributes at run time.
export const securityPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Served over plain HTTP on a school's LAN as often as behind TLS: HSTS is the proxy's job.
    strictTransportSecurity: false,
  });
  // Limits are declared per route (sign-in, codes); nothing is limited globally. Counted in the
  // database, so a cluster's servers share each limit.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(opts.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many attempts, please wait ${Math.ceil(context.ttl / 1000)} seconds and try again`,
    }),
  });
});
