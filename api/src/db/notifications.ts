import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { dbSourceOf, type Db } from './create-db.js';

// PostgreSQL LISTEN/NOTIFY: how the servers of a cluster tell each other what happened (a notice
// raised, a user's sessions ended, a newer version announced). A notification is delivered to every
// session listening on its channel, the sender's own server included, once its transaction commits.
// PGlite has LISTEN/NOTIFY too, within its one process.

export type NotificationHandler = (payload: string) => void;

export interface Notifications {
  /** Calls handler with every payload sent on the channel from now on, by any server. */
  listen(channel: string, handler: NotificationHandler): Promise<void>;
  /**
   * Called when the listening connection is back after a loss: notifications sent meanwhile were
   * missed, so anything cached on their strength must be dropped.
   */
  onReconnect(handler: () => void): void;
  /** False while the listening connection is lost (between a loss and its onReconnect). */
  readonly connected: boolean;
  close(): Promise<void>;
}

/**
 * For an app built with no database behind it (the OpenAPI document): hears nothing, and says it
 * is not connected, so nothing is cached on the strength of notifications.
 */
export const NO_NOTIFICATIONS: Notifications = {
  connected: false,
  listen: async () => undefined,
  onReconnect: () => undefined,
  close: async () => undefined,
};

/** Sends a notification to every server listening on the channel (with the transaction, when given one). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/** One listening session for this server, kept open (and reopened after a loss) until closed. */
export async function openNotifications(db: Db, log: FastifyBaseLogger): Promise<Notifications> {
  const source = dbSourceOf(db);
  const handlers = new Map<string, Set<NotificationHandler>>();
  const deliver = (channel: string, payload: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err, channel }, 'a notification handler failed');
      }
    }
  };
  const add = (channel: string, handler: NotificationHandler) => {
    const set = handlers.get(channel) ?? new Set();
    set.add(handler);
    handlers.set(channel, set);
    return set.size === 1;
  };

  if (source.kind === 'pglite') {
    const unlisten: (() => Promise<void>)[] = [];
    return {
      connected: true,
      async listen(channel, handler) {
        if (add(channel, handler)) unlisten.push(await source.pglite.listen(channel, (payload) => deliver(channel, payload)));
      },
      onReconnect: () => undefined,
      async close() {
        await Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));
      },
    };
  }

  const { connectionString, connectionTimeoutMs } = source;
  const reconnectHandlers: (() => void)[] = [];
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const listenOn = (c: pg.Client, channel: string) => c.query(`listen "${channel.replace(/"/g, '""')}"`);

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: connectionTimeoutMs, keepAlive: true });
    c.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      for (const channel of handlers.keys()) await listenOn(c, channel);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    connected = true;
  }

  function lost(c: pg.Client, err?: Error): void {
    if (client !== c || closed) return;
    client = null;
    connected = false;
    log.warn({ err }, 'the notification connection to PostgreSQL was lost; reconnecting');
    void c.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)] ?? 5_000;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(() => {
        failures = 0;
        if (connected) log.info('the notification connection to PostgreSQL is back');
        for (const handler of reconnectHandlers) handler();
      }, () => scheduleReconnect());
    }, delay);
    retryTimer.unref();
  }

  try {
    await connect();
  } catch (err) {
    // The server still starts (its database answered a moment ago); it keeps trying, and treats
    // every cache that notifications keep fresh as stale meanwhile.
    log.error({ err }, 'could not open the notification connection to PostgreSQL; retrying');
    scheduleReconnect();
  }

  return {
    get connected() {
      return connected;
    },
    async listen(channel, handler) {
      if (add(channel, handler) && client) await listenOn(client, channel);
    },
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    async close() {
      closed = true;
      connected = false;
      clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
