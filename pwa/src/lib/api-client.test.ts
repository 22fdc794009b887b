import type { SignedInUser } from '@rollbook/shared-types/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, buildUrl, createApiClient, SessionExpiredError } from './api-client';
import { createSessionStore, type SessionStore } from './session';

const signedIn: SignedInUser = {
  token: 'the-token',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  userId: 1,
  firstName: 'Tom',
  lastName: 'Teacher',
  username: 'teacher',
  avatarImage: null,
  entityId: 7,
  roles: [{ name: 'Teacher', entityId: 7 }],
};

const ItemSchema = z.object({ id: z.number() });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('the API client', () => {
  let store: SessionStore;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  let request: ReturnType<typeof createApiClient>;

  beforeEach(() => {
    localStorage.clear();
    store = createSessionStore(localStorage);
    fetchMock = vi.fn<typeof fetch>();
    request = createApiClient(store, fetchMock);
  });

  it('sends the bearer token of the signed-in user', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(json(200, { id: 3 }));
    await expect(request('/api/classes/getbyid', ItemSchema, { query: { id: 3 } })).resolves.toEqual({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/classes/getbyid?id=3');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer the-token');
  });

  it('sends a FormData body as it is, leaving its multipart content type to fetch', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(json(200, { id: 4 }));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'a.csv');
    await request('/api/import/Preview', ItemSchema, { method: 'POST', body: form });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer the-token');
  });

  it('ends an expired session before calling the server', async () => {
    store.set({ ...signedIn, expiresAt: new Date(Date.now() - 1000).toISOString(), roles: [{ name: 'CompanyAdmin', entityId: null }] });
    await expect(request('/api/courses/getall', ItemSchema)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get()).toBeNull();
  });

  it("refuses a call on a teacher's expired session but keeps them stored (their phone pages go on offline)", async () => {
    const expired = { ...signedIn, expiresAt: new Date(Date.now() - 1000).toISOString() };
    store.set(expired);
    await expect(request('/api/courses/getall', ItemSchema)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get()).toEqual(expired);
  });

  it('refuses a protected call when nobody is signed in', async () => {
    await expect(request('/api/courses/getall', ItemSchema)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends the session when a protected call is answered 401', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(json(401, { message: 'Please log in', code: 'UNAUTHORIZED' }));
    await expect(request('/api/courses/getall', ItemSchema)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(store.get()).toBeNull();
  });

  it('keeps the session on other failures of a protected call', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(json(403, { message: 'Not allowed', code: 'FORBIDDEN' }));
    await expect(request('/api/courses/getall', ItemSchema)).rejects.toBeInstanceOf(ApiError);
    expect(store.get()).toEqual(signedIn);
  });

  it('sends public calls without a token and keeps the session on their 401', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(json(401, { message: 'Username or password is incorrect', code: 'INVALID_CREDENTIALS' }));
    const call = request('/api/users/authenticate', ItemSchema, { method: 'POST', body: { username: 'x' }, auth: false });
    await expect(call).rejects.toMatchObject({ status: 401, message: 'Username or password is incorrect' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"username":"x"}');
    expect(store.get()).toEqual(signedIn);
  });

  it('reads field errors from the error body', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(
      json(400, { message: 'Invalid request', code: 'VALIDATION_FAILED', fieldErrors: { email: ['Please enter your Email'] } }),
    );
    await expect(request('/api/users/UpdateProfile', ItemSchema, { method: 'POST', body: {} })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { email: ['Please enter your Email'] },
    });
  });

  it('reports a failure without an error body by its status', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(request('/api/courses/getall', ItemSchema)).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('rejects a response that does not match the expected schema', async () => {
    store.set(signedIn);
    fetchMock.mockResolvedValue(json(200, { id: 'three' }));
    await expect(request('/api/classes/getbyid', ItemSchema)).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe('buildUrl', () => {
  it('leaves out missing query values and encodes the rest', () => {
    expect(buildUrl('/api/courses/getall', { title: 'A&B', teacherId: undefined, statusId: -1, cb: null, only: true })).toBe(
      '/api/courses/getall?title=A%26B&statusId=-1&only=true',
    );
  });
});
