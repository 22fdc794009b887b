import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { ApiError, SessionExpiredError } from '../../../lib/api-client';
import { isSessionActive, session, sessionState } from '../../../lib/session';

/**
 * fetch with the session's bearer token, for the two calls the JSON api-client cannot make
 * (a multipart upload and a binary download), with the same rules: no call on an expired
 * session, a 401 ends it, and errors carry the API's `{ message, code, fieldErrors }`.
 */
export async function authorizedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const user = session.get();
  if (!isSessionActive(user)) {
    // A teacher or student whose token expired stays stored: their phone pages go on offline.
    if (sessionState(user) === 'signed-out') session.clear();
    throw new SessionExpiredError();
  }
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${user.token}`);
  const response = await fetch(url, { ...init, headers });
  if (response.ok) return response;
  if (response.status === 401) session.clear();
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) throw new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.fieldErrors);
  throw new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status ${response.status}`);
}
