import { z } from 'zod';
import { integerSchema } from './integers.js';

// Live notices (server-sent events). Two ways in:
// - GET /api/notices/stream with the usual bearer header (fetch-based readers);
// - GET /api/notices/events?ticket=… for EventSource, which cannot set headers: the ticket comes
//   from POST /api/notices/ticket, lives 30 seconds and opens one stream, once (a URL read back
//   from a log opens nothing). The sign-in token is never accepted in a URL.
// Each notice is an SSE message whose `event` is the notice type and whose `data` is the JSON
// below. A `ready` event opens every stream; comment lines (': heartbeat') keep it alive. A stream
// ends after maxSeconds (default 15 minutes); the client then takes a new ticket and reconnects.

export const NoticeTypeSchema = z.enum(['settlement-raised', 'settlement-deleted']);
export type NoticeType = z.infer<typeof NoticeTypeSchema>;

export const NoticeSchema = z.object({
  type: NoticeTypeSchema,
  paymentHeaderId: z.number().int(),
  /** Teachers in the report (or, for a partial delete, whose part went). A teacher receives only their own id. */
  teacherIds: z.array(z.number().int()),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NOTICE_STREAM_DEFAULT_SECONDS = 15 * 60;
export const NOTICE_TICKET_LIFETIME_SECONDS = 30;

export const NoticeStreamQuerySchema = z.object({
  /** Seconds before the server ends the stream (0: send `ready` and end, a connectivity probe). */
  maxSeconds: integerSchema({ min: 0, max: 3600 }).prefault(NOTICE_STREAM_DEFAULT_SECONDS),
});
export type NoticeStreamQuery = z.infer<typeof NoticeStreamQuerySchema>;

export const NoticeEventsQuerySchema = NoticeStreamQuerySchema.extend({
  ticket: z.string().min(1).max(200),
});
export type NoticeEventsQuery = z.infer<typeof NoticeEventsQuerySchema>;

export const NoticeTicketSchema = z.object({
  ticket: z.string(),
  /** ISO instant after which the ticket no longer opens a stream (it opens one at most). */
  expiresAt: z.string(),
});
export type NoticeTicket = z.infer<typeof NoticeTicketSchema>;

/** The `ready` event's data. */
export const NoticeReadySchema = z.object({ heartbeatSeconds: z.number().int(), maxSeconds: z.number().int() });
export type NoticeReady = z.infer<typeof NoticeReadySchema>;
