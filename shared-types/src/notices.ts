import { z } from 'zod';

// Live notices (server-sent events). Two ways in:
// - GET /api/notices/stream with the usual bearer header (fetch-based readers);
// - GET /api/notices/events?token=… for EventSource, which cannot set headers: the token is a
//   dedicated short-lived one from GET /api/notices/token, never the sign-in token.
// Each notice is an SSE message whose `event` is the notice type and whose `data` is the JSON
// below. A `ready` event opens every stream; comment lines (': heartbeat') keep it alive. A stream
// ends after maxSeconds (default 15 minutes); the client then takes a new token and reconnects.

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
export const NOTICE_TOKEN_LIFETIME_SECONDS = 60;

export const NoticeStreamQuerySchema = z.object({
  /** Seconds before the server ends the stream (0: send `ready` and end, a connectivity probe). */
  maxSeconds: z.coerce.number().int().min(0).max(3600).default(NOTICE_STREAM_DEFAULT_SECONDS),
});
export type NoticeStreamQuery = z.infer<typeof NoticeStreamQuerySchema>;

export const NoticeEventsQuerySchema = NoticeStreamQuerySchema.extend({
  token: z.string().min(1).max(4096),
});
export type NoticeEventsQuery = z.infer<typeof NoticeEventsQuerySchema>;

export const NoticeTokenSchema = z.object({
  token: z.string(),
  /** ISO instant after which the token no longer opens a stream. */
  expiresAt: z.string(),
});
export type NoticeToken = z.infer<typeof NoticeTokenSchema>;

/** The `ready` event's data. */
export const NoticeReadySchema = z.object({ heartbeatSeconds: z.number().int(), maxSeconds: z.number().int() });
export type NoticeReady = z.infer<typeof NoticeReadySchema>;
