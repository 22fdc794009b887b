// Exactly one sender per user across the tabs of an origin: sending, pulling and clearing the cache
// all run under this lock, so two tabs never send the same rows or write stale answers over fresh ones.

export interface SenderLock {
  /** Runs `work` once no other holder (this tab or another) is running; holders queue in order. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** A FIFO mutex inside one page; tests share one between two "tabs". */
export function memoryLock(): SenderLock {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      const result = tail.then(work);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

/** The Web Locks API: released by the browser even when the holding page is closed or crashes. */
export function webLock(name: string, locks: LockManager): SenderLock {
  return { run: (work) => locks.request(name, () => work()) };
}

export interface LeaseOptions {
  storage: Storage;
  now?: () => number;
  /** A holder that stops renewing (closed page) loses the lease after this long. */
  ttlMs?: number;
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fallback where Web Locks are missing: a lease in localStorage, renewed while held. localStorage
 * has no compare-and-set, so after writing we wait and re-read; a rare overlap is still safe,
 * because the server applies each mutationId once and refuses seq gaps (outOfOrder).
 */
export function leaseLock(name: string, { storage, now = Date.now, ttlMs = 10_000, pollMs = 100 }: LeaseOptions): SenderLock {
  const owner = crypto.randomUUID();
  const inTab = memoryLock();
  const read = (): { owner: string; until: number } | null => {
    try {
      return JSON.parse(storage.getItem(name) ?? 'null') as { owner: string; until: number } | null;
    } catch {
      return null;
    }
  };
  const write = () => storage.setItem(name, JSON.stringify({ owner, until: now() + ttlMs }));

  async function acquire(): Promise<void> {
    for (;;) {
      const lease = read();
      if (!lease || lease.until < now() || lease.owner === owner) {
        write();
        await sleep(Math.min(pollMs, 50));
        if (read()?.owner === owner) return;
      }
      await sleep(pollMs);
    }
  }

  return {
    run: (work) =>
      inTab.run(async () => {
        await acquire();
        const renew = setInterval(write, ttlMs / 3);
        try {
          return await work();
        } finally {
          clearInterval(renew);
          if (read()?.owner === owner) storage.removeItem(name);
        }
      }),
  };
}

/** Web Locks where the browser has them, else the localStorage lease. */
export function createSenderLock(userId: number): SenderLock {
  const name = `rollbook-outbox-${userId}`;
  if (typeof navigator !== 'undefined' && navigator.locks) return webLock(name, navigator.locks);
  return leaseLock(name, { storage: localStorage });
}
