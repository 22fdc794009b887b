import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Every answer carries the same security headers, whatever it is: the CSP the PWA is held to
// (scripts from our origin only, no eval) and helmet's others. They are worked out once at start
// (plugins/security.ts), so an answer that ends early (refused, unknown, invalid) must still get them.

const ctx = useTestApp();
let token: string;

const EXPECTED = {
  'content-security-policy': "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;"
    + "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'self';"
    + "form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

beforeAll(async () => {
  await createUser(ctx.db, { username: 'head.office', password: 'correct horse', roles: [{ name: 'CompanyAdmin', entityId: null }] });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'head.office', password: 'correct horse' } });
  token = res.json().token;
});

describe('security headers', () => {
  it.each([
    ['an answer', '/api/reports/GetCountStats', true, 200],
    ['a public answer', '/api/infra/GetVersionNumber', false, 200],
    ['a refusal without a token', '/api/reports/GetCountStats', false, 401],
    ['an unknown API path', '/api/nothing/here', true, 404],
    ['an invalid query', '/api/reports/GetClassesThisWeek?period=X', true, 400],
  ])('are on %s', async (_what, url, signedIn, status) => {
    const res = await ctx.app.inject({ url, headers: signedIn ? { authorization: `Bearer ${token}` } : {} });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(EXPECTED);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
