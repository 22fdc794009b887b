import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/create-db.js';
import { openNotifications, type Notifications } from '../db/notifications.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's LISTEN session: what other servers of the cluster announce reaches it here. */
    notifications: Notifications;
  }
}

/** Opens the server's notification session (PostgreSQL LISTEN, or PGlite's) and closes it with the app. */
export const clusterPlugin = fp(async (app: FastifyInstance, opts: { db: Db; notifications?: Notifications }) => {
  const notifications = opts.notifications ?? (await openNotifications(opts.db, app.log));
  app.decorate('notifications', notifications);
  app.addHook('onClose', async () => notifications.close());
}, { name: 'rollbook-cluster' });
