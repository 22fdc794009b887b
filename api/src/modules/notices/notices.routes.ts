import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { NOTICE_TOKEN_LIFETIME_SECONDS, NoticeEventsQuerySchema, NoticeStreamQuerySchema, NoticeTokenSchema } from '@rollbook/shared-types/notices';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/app-error.js';
import { ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { NoticeHub } from './notice-hub.js';
import { signSseToken, sseKey, verifySseToken } from './sse-token.js';
import { openNoticeStream } from './sse-stream.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live notices to open streams; features publish after their transaction commits. */
    noticeHub: NoticeHub;
  }
}

export interface NoticesOptions {
  /** The sign-in JWT secret, from which the stream-token key is derived. */
  secret: string;
  heartbeatMs?: number;
}

const STREAM_RESPONSES = {
  200: z.string().describe('text/event-stream: `ready`, then settlement-raised / settlement-deleted events'),
  400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema,
};

const routes: FastifyPluginAsyncZod<NoticesOptions> = async (app, opts) => {
  const hub = new NoticeHub();
  app.decorate('noticeHub', hub);
  const key = sseKey(opts.secret);
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.get('/api/notices/token', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['notices'],
      summary: `A token that opens /api/notices/events for ${NOTICE_TOKEN_LIFETIME_SECONDS} seconds (EventSource cannot send headers)`,
      response: { 200: NoticeTokenSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      reply.header('cache-control', 'no-store');
      const token = signSseToken(app, key, principal, NOTICE_TOKEN_LIFETIME_SECONDS);
      return { token, expiresAt: new Date(Date.now() + NOTICE_TOKEN_LIFETIME_SECONDS * 1000).toISOString() };
    },
  });

  app.get('/api/notices/stream', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['notices'],
      summary: 'Live notices as server-sent events, signed in with the bearer header',
      querystring: NoticeStreamQuerySchema,
      response: STREAM_RESPONSES,
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      openNoticeStream(request, reply, {
        hub, open, heartbeatMs, maxSeconds: request.query.maxSeconds,
        listener: { isAdmin: principal.isAdmin, teacherId: principal.teacherId },
      });
    },
  });

  // Public to the bearer-token hook on purpose: this route authenticates with its own stream token.
  app.get('/api/notices/events', {
    config: { public: true },
    schema: {
      tags: ['notices'],
      summary: 'Live notices as server-sent events for EventSource, signed in with ?token= from /api/notices/token',
      security: [],
      querystring: NoticeEventsQuerySchema,
      response: STREAM_RESPONSES,
    },
    handler: async (request, reply) => {
      const claims = await verifySseToken(app, app.db, key, request.query.token);
      if (!claims || (!claims.isAdmin && claims.teacherId === null)) throw unauthorized('The notice token is not valid or has expired');
      openNoticeStream(request, reply, {
        hub, open, heartbeatMs, maxSeconds: request.query.maxSeconds,
        listener: { isAdmin: claims.isAdmin, teacherId: claims.teacherId },
      });
    },
  });
};

/** Registers the notice routes and decorates the app with its hub (fastify-plugin: the hub is app-wide). */
export const noticesRoutes = fp(routes, { name: 'rollbook-notices' });
