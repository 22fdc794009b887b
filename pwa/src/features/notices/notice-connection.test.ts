import type { Notice } from '@rollbook/shared-types/notices';
import { describe, expect, it, vi } from 'vitest';
import { createNoticeConnection, type EventSourceLike } from './notice-connection';

class FakeEventSource implements EventSourceLike {
  listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
  }
}

function setUp(tickets: (string | Error)[]) {
  const sources: FakeEventSource[] = [];
  const notices: Notice[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let next = 0;
  const connection = createNoticeConnection({
    fetchTicket: vi.fn(async () => {
      const ticket = tickets[Math.min(next++, tickets.length - 1)] as string | Error;
      if (ticket instanceof Error) throw ticket;
      return ticket;
    }),
    openEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    onNotice: (notice) => notices.push(notice),
    retryDelaysMs: [10, 20, 50],
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  });
  const runTimer = async () => {
    const timer = timers.shift();
    timer?.run();
    await flush();
    return timer?.ms;
  };
  return { connection, sources, notices, timers, runTimer };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const raised: Notice = { type: 'settlement-raised', paymentHeaderId: 7, teacherIds: [1] };

describe('createNoticeConnection', () => {
  it('opens the event stream with a ticket and passes on settlement notices', async () => {
    const { connection, sources, notices } = setUp(['tok en/1']);
    connection.start();
    await flush();
    expect(sources.map((s) => s.url)).toEqual(['/api/notices/events?ticket=tok%20en%2F1']);
    sources[0]?.emit('ready', '{"heartbeatSeconds":25,"maxSeconds":900}');
    sources[0]?.emit('settlement-raised', JSON.stringify(raised));
    sources[0]?.emit('settlement-deleted', JSON.stringify({ ...raised, type: 'settlement-deleted' }));
    expect(notices.map((n) => n.type)).toEqual(['settlement-raised', 'settlement-deleted']);
  });

  it('ignores messages that are not valid notices', async () => {
    const { connection, sources, notices } = setUp(['t']);
    connection.start();
    await flush();
    sources[0]?.emit('settlement-raised', 'not json');
    sources[0]?.emit('settlement-raised', '{"type":"settlement-raised"}');
    expect(notices).toEqual([]);
  });

  it('reconnects with a fresh ticket when the stream ends or fails, backing off while it keeps failing', async () => {
    const { connection, sources, runTimer, timers } = setUp(['t1', 't2', 't3', 't4']);
    connection.start();
    await flush();
    sources[0]?.fail();
    expect(sources[0]?.closed).toBe(true);
    expect(await runTimer()).toBe(10);
    sources[1]?.fail();
    expect(await runTimer()).toBe(20);
    expect(sources.map((s) => s.url.split('=')[1])).toEqual(['t1', 't2', 't3']);

    // A stream that opened (ready) and later ended reconnects quickly again.
    sources[2]?.emit('ready', '{}');
    sources[2]?.fail();
    expect(timers[0]?.ms).toBe(10);
  });

  it('retries when a ticket cannot be had (offline), up to the longest delay', async () => {
    const offline = new TypeError('Failed to fetch');
    const { connection, sources, runTimer } = setUp([offline, offline, offline, offline, 'late']);
    connection.start();
    await flush();
    const waits = [await runTimer(), await runTimer(), await runTimer(), await runTimer()];
    expect(waits).toEqual([10, 20, 50, 50]);
    expect(sources).toHaveLength(1);
  });

  it('closes the stream and stops reconnecting once stopped', async () => {
    const { connection, sources, timers } = setUp(['t1', 't2']);
    connection.start();
    await flush();
    connection.stop();
    expect(sources[0]?.closed).toBe(true);
    sources[0]?.fail();
    expect(timers).toEqual([]);
  });
});
