import type { Notice } from '@rollbook/shared-types/notices';
import { createNoticeConnection, type NoticeConnection, type NoticeConnectionOptions } from './notice-connection';

// Ionic keeps visited pages mounted, so several screens may ask for live notices at once (the
// Reports page and the dashboard, say). They share one stream: it opens with the first listener,
// closes with the last, and each notice is handled once, by the listener that has waited longest.

type Listener = (notice: Notice) => void;
type ConnectionFactory = (onNotice: Listener) => NoticeConnection;

export function createNoticeHub(factory: ConnectionFactory) {
  const listeners: Listener[] = [];
  let connection: NoticeConnection | null = null;

  return {
    subscribe(listener: Listener): () => void {
      listeners.push(listener);
      if (!connection) {
        connection = factory((notice) => listeners[0]?.(notice));
        connection.start();
      }
      return () => {
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
        if (listeners.length === 0 && connection) {
          connection.stop();
          connection = null;
        }
      };
    },
  };
}

export type NoticeHub = ReturnType<typeof createNoticeHub>;

export function browserNoticeHub(fetchTicket: NoticeConnectionOptions['fetchTicket']): NoticeHub {
  return createNoticeHub((onNotice) =>
    createNoticeConnection({ fetchTicket, onNotice, openEventSource: (url) => new EventSource(url) }),
  );
}
