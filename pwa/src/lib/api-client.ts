import { ErrorBodySchema } from '@rollbook/shared-types/common';
import type { z } from 'zod';
import { learnServerClock } from './server-clock';
import { isSessionActive, session, sessionState, type SessionStore } from './session';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON, or a FormData sent as multipart/form-data (an upload). */
  body?: unknown;
  /** Protected calls (the default) need a live session and end it on a 401. */
  auth?: boolean;
  signal?: AbortSignal;
}

/** A failed call, carrying the API's error body `{ message, code, fieldErrors? }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** Thrown, without calling the server, when the session has already expired. */
export class SessionExpiredError extends ApiError {
  constructor() {
    super(401, 'SESSION_EXPIRED', 'Your session has expired, please log in again');
  }
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { message, code, fieldErrors } = parsed.data;
    return new ApiError(response.status, code, message, fieldErrors);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status ${response.status}`);
}

/**
 * Makes API calls. Ending the session is all it does on expiry or a 401: the
 * router watches the session and sends the browser to /login from there.
 */
export function createApiClient(store: SessionStore, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  return async function apiRequest<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    options: ApiRequestOptions = {},
  ): Promise<z.output<Schema>> {
    const { method = 'GET', query, body, auth = true, signal } = options;
    const headers = new Headers({ Accept: 'application/json' });
    const isForm = body instanceof FormData;
    // A form's content type (with its boundary) is left to fetch.
    if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');

    if (auth) {
      const user = store.get();
      if (!isSessionActive(user)) {
        // A teacher or student whose token expired stays stored: their phone pages go on offline.
        if (sessionState(user) === 'signed-out') store.clear();
        throw new SessionExpiredError();
      }
      headers.set('Authorization', `Bearer ${user.token}`);
    }

    const response = await fetchImpl(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
    learnServerClock(response.headers.get('Date'));

    if (!response.ok) {
      if (auth && response.status === 401) store.clear();
      throw await toApiError(response);
    }
    const data: unknown = response.status === 204 ? undefined : await response.json();
    return schema.parse(data);
  };
}

export const apiRequest = createApiClient(session);
