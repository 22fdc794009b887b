import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  PullResponseSchema, PushResponseSchema, type PullQuery, type PullResponse, type PushRequest, type PushResponse,
} from '@rollbook/shared-types/sync';
import type { z } from 'zod';
import { buildUrl } from '../lib/api-client';
import { learnServerClock } from '../lib/server-clock';
import { parseRetryAfter } from './backoff';

// The two sync calls over HTTP, answering with what the sender must do next rather than throwing:
// retry later, ask the user to sign in again, or carry on with the data.

export type SyncCallOutcome<T> =
  | { kind: 'ok'; data: T }
  /** The token was refused: stop until the same user signs in again. */
  | { kind: 'unauthorized'; error: string }
  /** Worth retrying: no network, timeout, 408, 429, 5xx, an unreadable answer. */
  | { kind: 'retry'; error: string; retryAfterMs: number | null; network: boolean }
  /** Any other refusal of the whole call (400, 403, 422 …): kept and retried slowly, never dropped. */
  | { kind: 'refused'; status: number; error: string };

export interface SyncHttpOptions {
  fetch: typeof fetch;
  now: () => number;
  /** A hung request must not hold the sender lock (and the update banner) forever. */
  timeoutMs?: number;
}

async function errorMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.message : `Request failed with status ${response.status}`;
}

const UNREADABLE = 'The server sent an answer this app cannot read';

/** An answer's checked data, or null when it does not match the contract. */
type Reader<T> = (body: unknown) => T | null | Promise<T | null>;

const readWith = <T>(schema: z.ZodType<T>): Reader<T> => (body) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
};

const PULL_LISTS = ['classes', 'attendance', 'courses', 'enrolments', 'students'] as const;
/** List rows checked per task. */
const PULL_READ_SLICE = 200;
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * PullResponseSchema's check, with the long lists checked a slice of rows at a time, letting the
 * browser run between slices. A first pull holds the whole window (hundreds of classes and
 * register lines): checked in one go it blocked the phone for some 70 ms (4x CPU) while the
 * teacher's week was opening. Same result: the answer's other fields are checked by the schema
 * with the lists left empty, and each list row by the list's own row schema.
 */
export async function readPullResponse(body: unknown): Promise<PullResponse | null> {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  if (!record || PULL_LISTS.some((key) => !Array.isArray(record[key]))) return readWith(PullResponseSchema)(body);
  const head = PullResponseSchema.safeParse({ ...record, ...Object.fromEntries(PULL_LISTS.map((key) => [key, []])) });
  if (!head.success) return null;
  const answer: PullResponse = { ...head.data };
  let sinceYield = 0;
  for (const key of PULL_LISTS) {
    const rowSchema: z.ZodType = PullResponseSchema.shape[key].element;
    const rows: unknown[] = [];
    for (const row of record[key] as unknown[]) {
      if (sinceYield === PULL_READ_SLICE) {
        sinceYield = 0;
        await yieldToBrowser();
      }
      sinceYield += 1;
      const parsed = rowSchema.safeParse(row);
      if (!parsed.success) return null;
      rows.push(parsed.data);
    }
    (answer as Record<string, unknown>)[key] = rows;
  }
  return answer;
}
const RETRYABLE = (status: number) => status === 408 || status === 429 || status >= 500;

export function createSyncHttp({ fetch: fetchImpl, now, timeoutMs = 30_000 }: SyncHttpOptions) {
  async function call<T>(url: string, init: RequestInit, token: string, read: Reader<T>): Promise<SyncCallOutcome<T>> {
    const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
    if (init.body !== undefined) headers.set('Content-Type', 'application/json');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchImpl(url, { ...init, headers, signal: controller.signal });
      // Whether this user's sign-in has expired is judged by the server's clock, not the phone's.
      learnServerClock(response.headers.get('Date'));
      if (response.status === 401) return { kind: 'unauthorized', error: await errorMessage(response) };
      if (!response.ok) {
        const error = await errorMessage(response);
        if (!RETRYABLE(response.status)) return { kind: 'refused', status: response.status, error };
        return { kind: 'retry', error, retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), now()), network: false };
      }
      const data = await read(await response.json());
      if (data === null) return { kind: 'retry', error: UNREADABLE, retryAfterMs: null, network: false };
      return { kind: 'ok', data };
    } catch (error) {
      if (error instanceof SyntaxError) return { kind: 'retry', error: UNREADABLE, retryAfterMs: null, network: false };
      const message = controller.signal.aborted ? 'The server took too long to answer' : 'No connection to the server';
      return { kind: 'retry', error: message, retryAfterMs: null, network: true };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    pull: (query: PullQuery, token: string): Promise<SyncCallOutcome<PullResponse>> =>
      call(buildUrl('/api/sync/pull', { ...query }), { method: 'GET' }, token, readPullResponse),
    push: (body: PushRequest, token: string): Promise<SyncCallOutcome<PushResponse>> =>
      call('/api/sync/push', { method: 'POST', body: JSON.stringify(body) }, token, readWith(PushResponseSchema)),
  };
}

export type SyncHttp = ReturnType<typeof createSyncHttp>;
