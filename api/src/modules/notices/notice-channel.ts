import { randomUUID } from 'node:crypto';
import { NoticeSchema, type Notice } from '@rollbook/shared-types/notices';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notify } from '../../db/notifications.js';
import { NoticeHub } from './notice-hub.js';

const CHANNEL = 'rollbook_notices';
const MessageSchema = z.object({ origin: z.string(), notice: NoticeSchema });

/**
 * The app's notice hub, joined to every other server's through PostgreSQL NOTIFY: a notice raised
 * here reaches this server's streams at once and, once sent, every other server's streams. Each
 * server hears its own notifications too; it skips them, its streams already have the notice.
 */
export async function clusterNoticeHub(app: FastifyInstance): Promise<NoticeHub> {
  const origin = randomUUID();
  const hub = new NoticeHub((notice: Notice) => {
    notify(app.db, CHANNEL, JSON.stringify({ origin, notice })).catch((err: unknown) => {
      app.log.error({ err, notice }, 'could not send a notice to the other servers');
    });
  });
  await app.notifications.listen(CHANNEL, (payload) => {
    let message: z.infer<typeof MessageSchema>;
    try {
      message = MessageSchema.parse(JSON.parse(payload));
    } catch (err) {
      app.log.warn({ err }, 'ignored a notice notification that is not one');
      return;
    }
    if (message.origin !== origin) hub.deliver(message.notice);
  });
  return hub;
}
