import { useEffect, useState, useSyncExternalStore } from 'react';
import { outboxSummary, STUCK_AGE_MS, STUCK_ATTEMPTS } from '../sync-state-views';
import { useOfflineQuery, useOfflineSnapshot } from './use-offline-query';

export interface SyncState {
  online: boolean;
  /** Changes not yet answered by the server (pending + sending). */
  pendingCount: number;
  sendingCount: number;
  /** ISO: "Last synced HH:MM" (a batch answered) and "Last updated HH:MM" (a pull, server time). */
  lastSyncedAt: string | null;
  lastPulledAt: string | null;
  /** Sending is paused until this user signs in again. */
  needsSignIn: boolean;
  oldestPendingAgeMs: number | null;
  maxAttempts: number;
  issuesCount: number;
  /** Show the banner: a change has waited more than 24 hours or failed 10 times. */
  stuck: boolean;
  pulling: boolean;
  lastSendError: string | null;
  lastPullError: string | null;
}

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** The clock, ticking once a minute: ages and the 24-hour banner move on without a database change. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function useSyncState(): SyncState {
  const online = useOnline();
  const { status } = useOfflineSnapshot();
  const summary = useOfflineQuery(outboxSummary, []);
  const now = useMinuteClock();
  const oldestPendingAgeMs = summary?.oldestPendingMadeAt == null ? null : Math.max(0, now - summary.oldestPendingMadeAt);
  const maxAttempts = summary?.maxAttempts ?? 0;
  return {
    online,
    pendingCount: summary?.pendingCount ?? 0,
    sendingCount: summary?.sendingCount ?? 0,
    lastSyncedAt: summary?.lastSyncedAt ?? null,
    lastPulledAt: summary?.lastPulledAt ?? null,
    needsSignIn: status?.needsSignIn ?? false,
    oldestPendingAgeMs,
    maxAttempts,
    issuesCount: summary?.issuesCount ?? 0,
    stuck: (oldestPendingAgeMs ?? 0) > STUCK_AGE_MS || maxAttempts >= STUCK_ATTEMPTS,
    pulling: status?.pulling ?? false,
    lastSendError: status?.lastSendError ?? null,
    lastPullError: status?.lastPullError ?? null,
  };
}
