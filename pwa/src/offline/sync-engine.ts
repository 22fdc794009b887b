import { drainOutbox } from './drain-outbox';
import { headOfQueue, retryNetworkFailuresNow } from './outbox-queue';
import { DEFAULT_PULL_WINDOW, pullOnce } from './pull';
import { globalTimers, logFailure, SEND_INTERVAL_MS, type EngineStatus, type PullResult, type SyncEngineOptions, type Timers } from './sync-engine-options';

// The sender and puller of one signed-in user in one tab. Everything that talks to the server runs
// under the cross-tab sender lock; calls made while a run is going are folded into it.

export class SyncEngine {
  status: EngineStatus = { needsSignIn: false, sending: false, pulling: false, lastPullError: null, lastSendError: null };
  private readonly listeners = new Set<() => void>();
  private sendRun: Promise<number> | null = null;
  private sendAgain = false;
  private pullRun: Promise<PullResult> | null = null;
  private refusedToken: string | null = null;
  private wakeTimer: unknown = null;
  private stopped = false;
  private readonly now: () => number;
  private readonly timers: Timers;

  constructor(private readonly options: SyncEngineOptions) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? globalTimers;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(changes: Partial<EngineStatus>): void {
    const keys = Object.keys(changes) as (keyof EngineStatus)[];
    if (keys.every((key) => this.status[key] === changes[key])) return;
    this.status = { ...this.status, ...changes };
    this.listeners.forEach((listener) => listener());
  }

  private isOnline = (): boolean => (this.options.isOnline ?? (() => navigator.onLine))();

  /** A usable token: this user's, and not the one the server just refused. */
  private usableToken(): string | null {
    const token = this.options.getToken();
    const usable = token !== null && token !== this.refusedToken ? token : null;
    this.update({ needsSignIn: usable === null });
    return usable;
  }

  private refuseToken(token: string): void {
    this.refusedToken = token;
    this.update({ needsSignIn: true });
    this.options.onUnauthorized?.(token);
  }

  /** Sends everything due, batch after batch; resolves with how many changes got a verdict. */
  sendNow(): Promise<number> {
    if (this.sendRun) {
      this.sendAgain = true;
      return this.sendRun;
    }
    const run = async () => {
      let answered = 0;
      do {
        this.sendAgain = false;
        try {
          answered += await this.options.lock.run(() => this.drain());
        } catch (error) {
          // Storage failing (quota, a closed database): nothing is lost, the rows stay queued.
          this.update({ lastSendError: logFailure('Sending offline changes failed', error) });
          break;
        }
      } while (this.sendAgain && !this.stopped);
      // Answers change derived fields (class status, a moved class's date) and roll back refusals.
      if (answered > 0 && !this.stopped) await this.pullNow();
      return answered;
    };
    this.sendRun = run().finally(() => {
      this.sendRun = null;
      // A change made during the closing pull must not wait for the next wake-up.
      if (this.sendAgain && !this.stopped) void this.sendNow();
      else void this.scheduleWake();
    });
    return this.sendRun;
  }

  private drain(): Promise<number> {
    const { db, userId, http } = this.options;
    return drainOutbox({
      db, userId, http, now: this.now, random: this.options.random ?? Math.random,
      shouldContinue: () => !this.stopped && this.isOnline(),
      token: () => this.usableToken(),
      onSending: (sending) => this.update({ sending }),
      onTokenRefused: (token) => this.refuseToken(token),
      onSendError: (lastSendError) => this.update({ lastSendError }),
    });
  }

  /** Brings the cached window up to date (from the stored cursor). */
  pullNow(): Promise<PullResult> {
    if (this.pullRun) return this.pullRun;
    this.pullRun = this.options.lock.run(() => this.pullLocked())
      .catch((error: unknown): PullResult => {
        this.update({ pulling: false, lastPullError: logFailure('Refreshing offline data failed', error) });
        return 'failed';
      })
      .finally(() => {
        this.pullRun = null;
      });
    return this.pullRun;
  }

  private async pullLocked(): Promise<PullResult> {
    if (this.stopped) return 'stopped';
    if (!this.isOnline()) return 'offline';
    const token = this.usableToken();
    if (!token) return 'needsSignIn';
    this.update({ pulling: true });
    const outcome = await pullOnce({ db: this.options.db, http: this.options.http, token, window: this.options.window ?? DEFAULT_PULL_WINDOW })
      .finally(() => this.update({ pulling: false }));
    if (outcome.kind === 'ok') {
      this.update({ lastPullError: null });
      return 'pulled';
    }
    if (outcome.kind === 'unauthorized') {
      this.refuseToken(token);
      return 'needsSignIn';
    }
    this.update({ lastPullError: outcome.error });
    return 'failed';
  }

  /** The phone is back online: what failed for want of a network goes now, not after its backoff. */
  async onOnline(): Promise<void> {
    await retryNetworkFailuresNow(this.options.db, this.now());
    await Promise.all([this.sendNow(), this.pullNow()]);
  }

  /** Signed in again (or the session changed): try again if the token is now usable. */
  resume(): void {
    if (this.stopped) return;
    if (this.usableToken() === null) return;
    void this.sendNow();
    void this.pullNow();
  }

  /** Every 30 s while anything is pending, or sooner when the head of the queue's backoff ends. */
  private async scheduleWake(): Promise<void> {
    if (this.wakeTimer !== null) this.timers.clear(this.wakeTimer);
    this.wakeTimer = null;
    if (this.stopped || this.status.needsSignIn) return;
    const head = await headOfQueue(this.options.db, this.options.userId).catch(() => undefined);
    if (!head || this.stopped) return;
    const delay = Math.max(1_000, Math.min(head.nextAttemptAt - this.now(), SEND_INTERVAL_MS));
    this.wakeTimer = this.timers.set(() => {
      this.wakeTimer = null;
      void this.sendNow();
    }, delay);
  }

  /** Resolves once no batch is in flight: not in this tab's run, nor in another tab holding the lock. */
  async whenIdle(): Promise<void> {
    while (this.sendRun) await this.sendRun.catch(() => undefined);
    await this.options.lock.run(async () => undefined);
  }

  /** No new work; resolves when what was running has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.wakeTimer !== null) this.timers.clear(this.wakeTimer);
    this.wakeTimer = null;
    await Promise.allSettled([this.sendRun, this.pullRun]);
  }
}
