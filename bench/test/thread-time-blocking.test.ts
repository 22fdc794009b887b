import { describe, expect, it } from 'vitest';
import { threadTimeBlocking, type TraceEvent } from '../src/pwa/thread-time-blocking.js';

// The load-independent blocking time of bench:pwa, from a Lighthouse trace.

const PAGE = { pid: 7, tid: 7 };
const navigation = (ts: number, url = 'http://127.0.0.1:3000/courses', navigationId = 'nav-1'): TraceEvent =>
  ({ name: 'navigationStart', ph: 'R', ...PAGE, ts, args: { data: { documentLoaderURL: url, navigationId } } });
const fcp = (ts: number, navigationId = 'nav-1'): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ...PAGE, ts, args: { data: { navigationId } } });
const task = (atMs: number, cpuMs: number, wallMs = cpuMs, thread = PAGE): TraceEvent =>
  ({ name: 'RunTask', ph: 'X', ...thread, ts: 1_000_000 + atMs * 1000, dur: wallMs * 1000, tdur: cpuMs * 1000 });

describe('threadTimeBlocking', () => {
  it('sums 4 × thread time − 50 ms over the page main thread tasks after the first contentful paint', () => {
    const events = [
      navigation(1_000_000),
      task(100, 40), // before the paint: CPU only
      fcp(1_200_000),
      task(300, 30, 90), // 120 − 50 = 70 (wall: 360 − 50 = 310)
      task(400, 10, 10), // 40: not long
      task(500, 25, 25), // 100 − 50 = 50
      task(600, 100, 100, { pid: 8, tid: 8 }), // another process: not counted
    ];
    expect(threadTimeBlocking(events)).toEqual({ blockingMs: 120, wallBlockingMs: 360, mainThreadCpuMs: 105 });
  });

  it('starts at the navigation of the http page, not at about:blank before it', () => {
    const events = [navigation(900_000, '', 'blank'), task(-50, 100), navigation(1_000_000), fcp(1_000_000), task(10, 20)];
    expect(threadTimeBlocking(events)).toEqual({ blockingMs: 30, wallBlockingMs: 30, mainThreadCpuMs: 20 });
  });

  it('is null without a first contentful paint of that navigation', () => {
    expect(threadTimeBlocking([navigation(1_000_000), fcp(1_100_000, 'other'), task(200, 100)])).toBeNull();
  });
});
