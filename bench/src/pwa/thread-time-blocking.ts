// Lighthouse's total blocking time, worked out again from the thread CPU time of the page's tasks.
//
// Lighthouse's mobile preset runs the page at full speed and simulates the 4x slower phone from the
// trace: a task's observed duration times 4, less 50 ms, summed after the first contentful paint.
// On a shared machine, a task's observed (wall) duration also holds the time its thread waited for
// a core that other processes held, so the same build measures 700 ms one run and 3 s the next.
// The trace also records each task's thread CPU time (`tdur`), which that waiting does not inflate:
// the same sum over it is far steadier under load (at load 11-20 on 2 cores: 420-630 ms where
// Lighthouse's TBT read 2.2-7.4 s), though not load-free: contention for caches and shared cores
// still moves a page's CPU time by some 20% between runs. It can also differ from Lighthouse's
// simulation, which moves tasks in time as well.

export interface TraceEvent {
  name: string;
  ph?: string;
  pid?: number;
  tid?: number;
  /** µs */
  ts?: number;
  /** µs, wall */
  dur?: number;
  /** µs, thread CPU time */
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string; navigationId?: string } };
}

export interface ThreadTimeBlocking {
  /** Σ max(0, 4 × thread time − 50 ms) over the main thread's tasks after the first contentful paint. */
  blockingMs: number;
  /** The same over wall durations (what Lighthouse's simulation starts from). */
  wallBlockingMs: number;
  /** The main thread's CPU time in tasks from the navigation on, unslowed (ms). */
  mainThreadCpuMs: number;
}

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** null when the trace has no navigation of an http(s) page with a first contentful paint. */
export function threadTimeBlocking(events: readonly TraceEvent[]): ThreadTimeBlocking | null {
  const navigation = events.find((e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''));
  const navigationId = navigation?.args?.data?.navigationId;
  if (!navigation || navigationId === undefined || navigation.ts === undefined) return null;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === navigationId);
  if (!fcp || fcp.ts === undefined) return null;
  const start = navigation.ts;
  const fcpAt = fcp.ts;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && (e.ts ?? 0) >= start);
  const blocking = (ms: number) => Math.max(0, ms * CPU_SLOWDOWN - LONG_TASK_MS);
  let blockingMs = 0;
  let wallBlockingMs = 0;
  let mainThreadCpuMs = 0;
  for (const task of tasks) {
    const cpuMs = (task.tdur ?? 0) / 1000;
    mainThreadCpuMs += cpuMs;
    if ((task.ts ?? 0) < fcpAt) continue;
    blockingMs += blocking(cpuMs);
    wallBlockingMs += blocking((task.dur ?? 0) / 1000);
  }
  return { blockingMs: Math.round(blockingMs), wallBlockingMs: Math.round(wallBlockingMs), mainThreadCpuMs: Math.round(mainThreadCpuMs) };
}
