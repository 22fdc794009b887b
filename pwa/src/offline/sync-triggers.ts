import type { SyncEngine } from './sync-engine';

// When the engine talks to the server: at start, when the phone comes back online, when the app
// becomes visible again, and every minute while it is on screen (the engine itself adds the
// 30-second and backoff wake-ups of the sender).

export const PULL_INTERVAL_MS = 60_000;

export interface TriggerEnvironment {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  setInterval: (run: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const browser = (): TriggerEnvironment => ({
  window,
  document,
  setInterval: (run, ms) => window.setInterval(run, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
});

/** Starts the engine's schedule; returns the function that stops it. */
export function attachSyncTriggers(engine: SyncEngine, env: TriggerEnvironment = browser()): () => void {
  const isVisible = () => env.document.visibilityState === 'visible';
  const syncAll = () => {
    void engine.sendNow();
    void engine.pullNow();
  };
  const onOnline = () => void engine.onOnline();
  const onVisibility = () => {
    if (isVisible()) syncAll();
  };
  env.window.addEventListener('online', onOnline);
  env.document.addEventListener('visibilitychange', onVisibility);
  const interval = env.setInterval(() => {
    if (isVisible()) void engine.pullNow();
  }, PULL_INTERVAL_MS);
  syncAll();

  return () => {
    env.window.removeEventListener('online', onOnline);
    env.document.removeEventListener('visibilitychange', onVisibility);
    env.clearInterval(interval);
  };
}
