import { createSigner } from 'fast-jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent, createTeacher, createUser } from '../helpers/factories.js';
import { TEST_JWT_SECRET, useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let studentUser: { username: string; password: string };
let teacherId: number;

beforeAll(async () => {
  await createUser(ctx.db, { username: 'Head.Office', password: 'correct horse', roles: [{ name: 'CompanyAdmin', entityId: null }] });
  const teacher = await createTeacher(ctx.db);
  teacherId = teacher.teacherId;
  await createUser(ctx.db, { username: 'tutor', password: 'tutor-pass', roles: [{ name: 'Teacher', entityId: teacherId }] });
  const student = await createStudent(ctx.db, { firstName: 'Ana', lastName: 'Silva' });
  studentUser = await createUser(ctx.db, { username: 'ana', password: 'student-pass', roles: [{ name: 'Student', entityId: student.studentId }] });
  await createUser(ctx.db, { username: 'leaver', password: 'leaver-pass', active: false });
});

const signIn = (username: unknown, password: unknown, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: ip });

describe('POST /api/users/authenticate', () => {
  it('returns the signed-in user with a token that opens protected routes', async () => {
    const res = await signIn('head.office', 'correct horse');
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({ username: 'Head.Office', firstName: 'Test', entityId: null, roles: [{ name: 'CompanyAdmin', entityId: null }] });
    expect(typeof user.token).toBe('string');
    expect(new Date(user.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const list = await ctx.app.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${user.token}` } });
    expect(list.statusCode).toBe(200);
  });

  it('gives a teacher their teacher id as entityId', async () => {
    const res = await signIn('tutor', 'tutor-pass');
    expect(res.json()).toMatchObject({ entityId: teacherId, roles: [{ name: 'Teacher', entityId: teacherId }] });
  });

  it.each([
    ['a wrong password', 'head.office', 'wrong horse'],
    ['an unknown username', 'nobody', 'correct horse'],
    ['a disabled user', 'leaver', 'leaver-pass'],
  ])('refuses %s with 401 and the same text', async (_case, username, password) => {
    const res = await signIn(username, password, `10.1.0.${username.length}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Username or password is incorrect', code: 'UNAUTHENTICATED' });
  });

  it('answers 400 with a readable message for a missing password, never 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/password/);
    expect(res.json().fieldErrors).toHaveProperty('password');
  });

  it('answers 400 to malformed JSON and to a text body, 415 to an unknown content type', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    const text = await ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', headers: { 'content-type': 'text/plain' }, payload: 'username=x' });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('VALIDATION');
    const xml = await ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', headers: { 'content-type': 'application/xml' }, payload: '<username/>' });
    expect(xml.statusCode).toBe(415);
  });

  it('slows down guessing: the 11th attempt on one account within a minute gets 429', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await signIn('tutor', `guess-${i}`, ip)).statusCode).toBe(401);
    const blocked = await signIn('tutor', 'tutor-pass', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many attempts/);
    // Another address is not locked out by the attacker.
    expect((await signIn('tutor', 'tutor-pass', '10.9.9.10')).statusCode).toBe(200);
  });

  it('never slows down successful sign-ins: a teacher may sign in and out all day', async () => {
    for (let i = 0; i < 15; i++) expect((await signIn('tutor', 'tutor-pass', '10.9.8.1')).statusCode).toBe(200);
  });
});

describe('access to protected routes', () => {
  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ url: '/api/students/getall' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 to an expired token and to one signed with another secret', async () => {
    const { userId } = await ctx.db.selectFrom('users').select('userId').where('username', '=', 'Head.Office').executeTakeFirstOrThrow();
    const claims = { sub: String(userId), roles: [{ name: 'CompanyAdmin', entityId: null }] };
    const expired = createSigner({ key: TEST_JWT_SECRET, expiresIn: 1000, clockTimestamp: Date.now() - 60_000 })(claims);
    const forged = createSigner({ key: 'another-secret-another-secret-another', expiresIn: 60_000 })(claims);
    for (const token of [expired, forged, 'not-a-jwt']) {
      const res = await ctx.app.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  // Verified tokens are kept (plugins/auth.ts): what was accepted must still end at the token's
  // expiry, and a token that merely looks like a kept one (same claims, another signature) is refused.
  it('refuses a token that was accepted once it expires, and its forged twin while it is accepted', async () => {
    const { userId } = await ctx.db.selectFrom('users').select('userId').where('username', '=', 'Head.Office').executeTakeFirstOrThrow();
    const claims = { sub: String(userId), roles: [{ name: 'CompanyAdmin', entityId: null }] };
    const now = Date.now();
    const shortLived = createSigner({ key: TEST_JWT_SECRET, expiresIn: 2_000, clockTimestamp: now })(claims);
    const twin = createSigner({ key: 'another-secret-another-secret-another', expiresIn: 2_000, clockTimestamp: now })(claims);
    const call = async (token: string) => (await ctx.app.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await call(shortLived)).toBe(200);
    expect(await call(shortLived)).toBe(200);
    expect(await call(twin)).toBe(401);
    // exp is in whole seconds: past it for certain 3 s after signing.
    await new Promise((r) => setTimeout(r, Math.max(0, now + 3_000 - Date.now())));
    expect(await call(shortLived)).toBe(401);
  });

  it('answers 403 when a student calls an admin-only route', async () => {
    const { token } = (await signIn(studentUser.username, studentUser.password, '10.2.0.1')).json();
    const res = await ctx.app.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('stops honouring a token once the user is disabled', async () => {
    const user = await createUser(ctx.db, { password: 'temporary1' });
    const { token } = (await signIn(user.username, 'temporary1', '10.3.0.1')).json();
    await ctx.db.updateTable('users').set({ active: false }).where('userId', '=', user.userId).execute();
    ctx.app.forgetUserState(user.userId);
    const res = await ctx.app.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('matches paths case-insensitively as the spec writes them both ways', async () => {
    const { token } = (await signIn('head.office', 'correct horse', '10.4.0.1')).json();
    for (const url of ['/api/students/getall', '/api/Students/GetAll', '/API/STUDENTS/GETALL']) {
      const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('public routes', () => {
  it('reports the running version without a token', async () => {
    const res = await ctx.app.inject({ url: '/api/infra/GetVersionNumber' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 'test-version' });
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/users/authenticate'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(doc.paths).toHaveProperty('/api/students/getall');
  });

  it('sends security headers with a CSP', async () => {
    const res = await ctx.app.inject({ url: '/api/infra/GetVersionNumber' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a readable message, signed in or not', async () => {
    const { token } = (await signIn('head.office', 'correct horse', '10.5.0.1')).json();
    for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await ctx.app.inject({ url: '/api/nothing/here', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/nothing/here', code: 'NOT_FOUND' });
    }
  });
});
