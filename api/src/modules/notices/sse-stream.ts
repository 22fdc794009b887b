import { NoticeReadySchema, type Notice, type NoticeReady } from '@rollbook/shared-types/notices';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NoticeHub } from './notice-hub.js';

export interface StreamOptions {
  hub: NoticeHub;
  listener: { isAdmin: boolean; teacherId: number | null };
  maxSeconds: number;
  heartbeatMs: number;
  /** Open streams, so the server can end them when it closes. */
  open: Set<() => void>;
}

function message(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Turns the reply into a server-sent event stream: `ready`, then notices as they happen, a
 * comment every heartbeat so proxies keep the connection, and an end after maxSeconds (the
 * client reconnects, re-authenticating). Everything is released when either side closes.
 */
export function openNoticeStream(request: FastifyRequest, reply: FastifyReply, options: StreamOptions): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const ready: NoticeReady = NoticeReadySchema.parse({ heartbeatSeconds: Math.round(options.heartbeatMs / 1000), maxSeconds: options.maxSeconds });
  res.write(`retry: 5000\n${message('ready', ready)}`);
  if (options.maxSeconds === 0) {
    res.end();
    return;
  }

  let closed = false;
  const unsubscribe = options.hub.subscribe({
    ...options.listener,
    send: (notice: Notice) => {
      if (!closed) res.write(message(notice.type, notice));
    },
  });
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': heartbeat\n\n');
  }, options.heartbeatMs);
  const lifetime = setTimeout(() => close(), options.maxSeconds * 1000);
  heartbeat.unref();
  lifetime.unref();

  function close(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    options.open.delete(close);
    if (!res.writableEnded) res.end();
  }
  options.open.add(close);
  request.raw.on('close', close);
  res.on('close', close);
  res.on('error', close);
}
