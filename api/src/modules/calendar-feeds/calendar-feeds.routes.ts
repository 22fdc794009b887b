import {
  CALENDAR_FEED_FETCHES_PER_HOUR, CalendarFeedCreatedSchema, CalendarFeedParamsSchema, CalendarFeedStatusSchema,
} from '@rollbook/shared-types/calendar-feeds';
import { ErrorBodySchema } from '@rollbook/shared-types/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.js';
import { limitAttempts } from '../users/rate-limits.js';
import { createFeed, feedStatus, feedTokenHash, renderFeed, stopFeed } from './calendar-feeds.service.js';
import { etagOf, matchesEtag } from './etag.js';

const tags = ['calendar'];
const roles = ['Teacher', 'Student'] as const;
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema };

export const calendarFeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/calendar/feed', {
    config: { roles },
    schema: {
      tags, operationId: 'calendarFeedStatus', summary: "Whether the caller's private calendar feed is live, when it was made and last fetched",
      response: { 200: CalendarFeedStatusSchema, ...errors },
    },
    handler: async (request) => feedStatus(app.db, principalOf(request)),
  });

  app.post('/api/calendar/feed', {
    config: { roles },
    schema: {
      tags, operationId: 'calendarFeedCreate',
      summary: 'A new private calendar feed URL for the caller (shown once); an earlier URL answers 404 from now on',
      response: { 200: CalendarFeedCreatedSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createFeed(app.db, principalOf(request));
    },
  });

  app.delete('/api/calendar/feed', {
    config: { roles },
    schema: {
      tags, operationId: 'calendarFeedStop', summary: "Stop sharing the caller's calendar feed: its URL answers 404",
      response: { 200: CalendarFeedStatusSchema, ...errors },
    },
    handler: async (request) => stopFeed(app.db, principalOf(request)),
  });

  // Public to the bearer-token hook on purpose: calendar apps cannot sign in, the token in the path
  // is the credential (the request log masks it, see plugins/request-log.ts). Limited per feed, and
  // per address for whoever tries many tokens.
  app.get('/api/calendar/feeds/:file', {
    config: { public: true },
    preHandler: limitAttempts(app, 'calendar-feed', [
      { max: CALENDAR_FEED_FETCHES_PER_HOUR, timeWindow: '1 hour', key: (request) => feedTokenHash((request.params as { file: string }).file).slice(0, 32) },
      { max: 10 * CALENDAR_FEED_FETCHES_PER_HOUR, timeWindow: '1 hour', key: (request) => request.ip },
    ]),
    schema: {
      tags, operationId: 'calendarFeedsFetch', security: [],
      summary: 'A private calendar feed (iCalendar, Europe/London) for calendar apps: {token}.ics; answers If-None-Match with 304',
      params: CalendarFeedParamsSchema,
      response: {
        200: z.string().describe('text/calendar: one VEVENT per class, UID stable per class'),
        304: z.null().describe('Not modified: the feed still has the ETag sent in If-None-Match'),
        404: ErrorBodySchema, 429: ErrorBodySchema,
      },
    },
    handler: async (request, reply) => {
      const body = await renderFeed(app.db, request.params.file);
      const etag = etagOf(body);
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="rollbook.ics"').send(body);
    },
  });
};
