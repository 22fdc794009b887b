import { describe, expect, it, vi } from 'vitest';
import type { SyncEngine } from './sync-engine';
import { attachSyncTriggers, PULL_INTERVAL_MS, type TriggerEnvironment } from './sync-triggers';

function fakeEnvironment() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const intervals: { run: () => void; ms: number; cleared: boolean }[] = [];
  const env: TriggerEnvironment = {
    window: win as unknown as TriggerEnvironment['window'],
    document: doc as unknown as TriggerEnvironment['document'],
    setInterval: (run, ms) => intervals.push({ run, ms, cleared: false }) - 1,
    clearInterval: (handle) => {
      const interval = intervals[handle as number];
      if (interval) interval.cleared = true;
    },
  };
  return { win, doc, intervals, env };
}

function fakeEngine() {
  return {
    sendNow: vi.fn(async () => 0),
    pullNow: vi.fn(async () => 'pulled' as const),
    onOnline: vi.fn(async () => undefined),
  };
}

describe('when the engine talks to the server', () => {
  it('sends and pulls at start, on coming back online and on becoming visible', () => {
    const { win, doc, env } = fakeEnvironment();
    const engine = fakeEngine();
    attachSyncTriggers(engine as unknown as SyncEngine, env);
    expect([engine.sendNow.mock.calls.length, engine.pullNow.mock.calls.length]).toEqual([1, 1]);

    win.dispatchEvent(new Event('online'));
    expect(engine.onOnline).toHaveBeenCalledTimes(1);

    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(engine.sendNow).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect([engine.sendNow.mock.calls.length, engine.pullNow.mock.calls.length]).toEqual([2, 2]);
  });

  it('pulls every minute while the app is on screen', () => {
    const { doc, intervals, env } = fakeEnvironment();
    const engine = fakeEngine();
    attachSyncTriggers(engine as unknown as SyncEngine, env);
    expect(intervals[0]?.ms).toBe(PULL_INTERVAL_MS);
    intervals[0]?.run();
    expect(engine.pullNow).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'hidden';
    intervals[0]?.run();
    expect(engine.pullNow).toHaveBeenCalledTimes(2);
  });

  it('stops listening when detached', () => {
    const { win, intervals, env } = fakeEnvironment();
    const engine = fakeEngine();
    attachSyncTriggers(engine as unknown as SyncEngine, env)();
    win.dispatchEvent(new Event('online'));
    expect(engine.onOnline).not.toHaveBeenCalled();
    expect(intervals[0]?.cleared).toBe(true);
  });
});
