import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db } from '../db/create-db.js';
import { databaseRateLimitStore } from '../lib/rate-limit-store.js';

// Security headers from helmet with a CSP the PWA passes: scripts only from our origin, inline
// styles allowed because Ionic's web components set style attributes at run time.
export const HELMET_OPTIONS: HelmetOptions = {
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
};

/**
 * The headers helmet's middleware sets for these options, worked out once. Why not
 * @fastify/helmet: it builds helmet's middleware again on every request (parsing the CSP each
 * time), 5% of the server's CPU on the dashboard counts. These options hold no per-request
 * function (no nonce), so every answer gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = String(value); },
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
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
