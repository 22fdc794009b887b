import type { RollbookDb } from './db';
import type { PullWindow } from './pull';
import type { SenderLock } from './sender-lock';
import type { SyncHttp } from './sync-http';

// What a SyncEngine is built from and what it reports; tests inject every part of it.

export const SEND_INTERVAL_MS = 30_000;

export interface EngineStatus {
  /** The server refused the token, or nobody is signed in as this user: sending waits for them. */
  needsSignIn: boolean;
  /** A push batch is in flight in this tab. */
  sending: boolean;
  pulling: boolean;
  lastPullError: string | null;
  lastSendError: string | null;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SyncEngineOptions {
  db: RollbookDb;
  userId: number;
  /** This user's live token, or null (expired, signed out, another user signed in). */
  getToken: () => string | null;
  http: SyncHttp;
  lock: SenderLock;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
  /** The server refused this token (a 401). */
  onUnauthorized?: (token: string) => void;
  window?: PullWindow;
  timers?: Timers;
}

export type PullResult = 'pulled' | 'offline' | 'needsSignIn' | 'failed' | 'stopped';

export function logFailure(what: string, error: unknown): string {
  console.warn(what, error);
  return error instanceof Error ? error.message : String(error);
}

export const globalTimers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as number) };
