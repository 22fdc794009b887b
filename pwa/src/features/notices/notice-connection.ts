import { NoticeSchema, NoticeTypeSchema, type Notice } from '@rollbook/shared-types/notices';

// One live-notice stream (server-sent events). EventSource cannot send the bearer header, so each
// connection first takes a ticket (POST /api/notices/ticket) that opens one stream, once, within
// 30 seconds: the sign-in token never goes in a URL. EventSource's own reconnect (same URL, used
// ticket) would be refused, so on any error we close it and reconnect with a fresh ticket.

/** The part of EventSource used here, so tests can pass a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface NoticeConnectionOptions {
  fetchTicket: () => Promise<string>;
  openEventSource: (url: string) => EventSourceLike;
  onNotice: (notice: Notice) => void;
  /** Waits before reconnecting after the 1st, 2nd… failure in a row; the last repeats. */
  retryDelaysMs?: readonly number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export function noticeEventsUrl(ticket: string): string {
  return `/api/notices/events?ticket=${encodeURIComponent(ticket)}`;
}

export interface NoticeConnection {
  start(): void;
  stop(): void;
}

export function createNoticeConnection(options: NoticeConnectionOptions): NoticeConnection {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let running = false;
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let failures = 0;

  const retryLater = () => {
    if (!running || timer !== null) return;
    const delay = delays[Math.min(failures, delays.length - 1)] ?? 30_000;
    failures += 1;
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const deliver = (event: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    const notice = NoticeSchema.safeParse(data);
    if (notice.success) options.onNotice(notice.data);
  };

  async function connect(): Promise<void> {
    let ticket: string;
    try {
      ticket = await options.fetchTicket();
    } catch {
      retryLater();
      return;
    }
    if (!running) return;
    const opened = options.openEventSource(noticeEventsUrl(ticket));
    source = opened;
    opened.addEventListener('ready', () => {
      failures = 0;
    });
    for (const type of NoticeTypeSchema.options) opened.addEventListener(type, deliver);
    opened.onerror = () => {
      opened.close();
      if (source === opened) source = null;
      retryLater();
    };
  }

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void connect();
    },
    stop() {
      running = false;
      if (timer !== null) clearTimer(timer);
      timer = null;
      source?.close();
      source = null;
    },
  };
}
