import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { NOTICE_TICKET_LIFETIME_SECONDS, NoticeEventsQuerySchema, NoticeStreamQuerySchema, NoticeTicketSchema } from '@rollbook/shared-types/notices';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/app-error.js';
import { ADMIN_OR_TEACHER, principalOf } from '../../plugins/auth.js';
import { clusterNoticeHub } from './notice-channel.js';
import type { NoticeHub } from './notice-hub.js';
import { issueNoticeTicket, purgeExpiredNoticeTickets, redeemNoticeTicket } from './notice-tickets.js';
import { openNoticeStream } from './sse-stream.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live notices to open streams; features publish after their transaction commits. */
    noticeHub: NoticeHub;
  }
}

export interface NoticesOptions {
  heartbeatMs?: number;
}

const STREAM_RESPONSES = {
  200: z.string().describe('text/event-stream: `ready`, then settlement-raised / settlement-deleted events'),
  400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema,
};

const routes: FastifyPluginAsyncZod<NoticesOptions> = async (app, opts) => {
  const hub = await clusterNoticeHub(app);
  app.decorate('noticeHub', hub);
  app.jobs.add({ name: 'notice-tickets-purge', everyMs: 86_400_000, run: async () => void (await purgeExpiredNoticeTickets(app.db)) });
  const heartbeatMs = opts.heartbeatMs ?? 25_000;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });

  app.post('/api/notices/ticket', {
    config: { roles: ADMIN_OR_TEACHER },
    schema: {
      tags: ['notices'],
      summary: `A ticket that opens /api/notices/events once, within ${NOTICE_TICKET_LIFETIME_SECONDS} seconds (EventSource cannot send headers)`,
      response: { 200: NoticeTicketSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { ticket, expiresAt } = await issueNoticeTicket(app.db, principalOf(request), NOTICE_TICKET_LIFETIME_SECONDS);
      return { ticket, expiresAt: expiresAt.toISOString() };
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

  // Public to the bearer-token hook on purpose: this route authenticates with its single-use ticket.
  app.get('/api/notices/events', {
    config: { public: true },
    schema: {
      tags: ['notices'],
      summary: 'Live notices as server-sent events for EventSource, opened with a single-use ?ticket= from POST /api/notices/ticket',
      security: [],
      querystring: NoticeEventsQuerySchema,
      response: STREAM_RESPONSES,
    },
    handler: async (request, reply) => {
      const holder = await redeemNoticeTicket(app.db, request.query.ticket);
      if (!holder || (!holder.isAdmin && holder.teacherId === null)) throw unauthorized('The notice ticket is not valid, has expired or was already used');
      openNoticeStream(request, reply, {
        hub, open, heartbeatMs, maxSeconds: request.query.maxSeconds,
        listener: { isAdmin: holder.isAdmin, teacherId: holder.teacherId },
      });
    },
  });
};

/** Registers the notice routes and decorates the app with its hub (fastify-plugin: the hub is app-wide). */
export const noticesRoutes = fp(routes, { name: 'rollbook-notices' });
