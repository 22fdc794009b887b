import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type DbHandle } from '../../src/db/create-db.js';
import { createTeacher, createUser, tokenFor } from '../helpers/factories.js';
import { multipartBody } from '../files/multipart.js';
import { createClass, createCourseFixture } from '../helpers/payment-factories.js';
import { openSseStream } from '../helpers/sse-stream.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// Two API servers on one database, as behind a load balancer: whatever one of them learns or
// counts, the other acts on. (On PostgreSQL each server has its own pool and its own LISTEN
// session; on PGlite both share the one embedded database.) pnpm test:cluster shows the same
// through nginx with three server processes.

let testDb: TestDb;
let secondPool: DbHandle | null = null;
let a: FastifyInstance;
let b: FastifyInstance;
let bUrl: string;

beforeAll(async () => {
  testDb = await createTestDb();
  secondPool = testDb.url ? createPostgresDb(testDb.url, 5) : null;
  a = await buildTestApp(testDb.db);
  b = await buildTestApp(secondPool?.db ?? testDb.db);
  await b.listen({ port: 0, host: '127.0.0.1' });
  const address = b.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  bUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondPool?.close();
  await testDb?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = (server: FastifyInstance, username: string, password: string, ip = '10.30.0.1') =>
  server.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: ip });

async function within<T>(ms: number, what: string, check: () => Promise<T | undefined>): Promise<{ value: T; tookMs: number }> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return { value, tookMs: Date.now() - started };
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('two servers on one database', () => {
  it('carries a settlement notice raised on one server to the streams of the other within a second', async () => {
    const f = await createCourseFixture(testDb.db);
    await createClass(testDb.db, f, { startsAt: '2026-06-01T09:00:00Z' });
    const admin = await createUser(testDb.db);
    const adminToken = tokenFor(a, admin.userId, 'CompanyAdmin', null);
    const teacherUser = await createUser(testDb.db, { roles: [{ name: 'Teacher', entityId: f.teacherId }] });
    const teacherToken = tokenFor(a, teacherUser.userId, 'Teacher', f.teacherId);
    const { ticket } = (await b.inject({ method: 'POST', url: '/api/notices/ticket', headers: bearer(teacherToken) })).json() as { ticket: string };
    const onB = [
      await openSseStream(`${bUrl}/api/notices/stream`, bearer(adminToken)),
      await openSseStream(`${bUrl}/api/notices/events?ticket=${ticket}`),
    ];
    try {
      for (const stream of onB) expect((await stream.next()).event).toBe('ready');
      const raisedAt = Date.now();
      const raised = await a.inject({ url: `/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=30/6/2026`, headers: bearer(adminToken) });
      const id = raised.json().paymentHeader.paymentHeaderId as number;
      for (const stream of onB) {
        expect(await stream.next()).toEqual({ event: 'settlement-raised', data: { type: 'settlement-raised', paymentHeaderId: id, teacherIds: [f.teacherId] } });
      }
      expect(Date.now() - raisedAt).toBeLessThan(1_000);
    } finally {
      for (const stream of onB) stream.close();
    }
  });

  it('refuses on the other server, within a second, a user whose access one server removed', async () => {
    const teacher = await createTeacher(testDb.db);
    const admin = await createUser(testDb.db);
    const adminToken = tokenFor(a, admin.userId, 'CompanyAdmin', null);
    const user = await createUser(testDb.db, { roles: [{ name: 'Teacher', entityId: teacher.teacherId }] });
    await testDb.db.updateTable('teachers').set({ userId: user.userId }).where('teacherId', '=', teacher.teacherId).execute();
    const token = tokenFor(b, user.userId, 'Teacher', teacher.teacherId);
    const onB = () => b.inject({ url: '/api/reports/GetTeacherDashboard', headers: bearer(token) });
    // B has just checked the user, so it holds their state in its cache.
    expect((await onB()).statusCode).toBe(200);

    const removed = await a.inject({ url: `/api/users/DeleteUser?type=2&id=${teacher.teacherId}`, headers: bearer(adminToken) });
    expect(removed.statusCode).toBe(200);
    const { tookMs } = await within(1_000, 'B refusing the removed user', async () => ((await onB()).statusCode === 401 ? true : undefined));
    expect(tookMs).toBeLessThan(1_000);
  });

  it('counts failed sign-ins together: the lockout holds whichever server answers', async () => {
    await createUser(testDb.db, { username: 'shared.lockout', password: 'right-password' });
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await signIn(attempt % 2 === 0 ? a : b, 'shared.lockout', `wrong-${attempt}`);
      expect(res.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const locked = await signIn(server, 'shared.lockout', 'right-password');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('shares the rate limits of @fastify/rate-limit between servers', async () => {
    const lookUp = (server: FastifyInstance) =>
      server.inject({ url: '/api/signup/GetStudentByEmail?email=nobody%40example.test', remoteAddress: '10.31.0.1' });
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await lookUp(i % 2 === 0 ? a : b)).statusCode);
    expect(answers.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('downloads through one server a document uploaded through the other', async () => {
    const f = await createCourseFixture(testDb.db);
    const admin = await createUser(testDb.db);
    const adminToken = tokenFor(a, admin.userId, 'CompanyAdmin', null);
    // Over two of the database store's 512 KB parts.
    const content = Buffer.alloc(1_300_000, 'rollbook ');
    const body = multipartBody(
      { entityTypeId: 2, entityId: f.teacherId, title: 'Contract', fileType: 'Contract', fileAccessSubject: 'Owner' },
      [{ filename: 'contract.pdf', content, contentType: 'application/pdf' }],
    );
    const uploaded = await a.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...bearer(adminToken), ...body.headers } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const downloaded = await b.inject({ url: `/api/files/Download?id=${uploaded.json().fileId}`, headers: bearer(adminToken) });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(content)).toBe(true);
  });
});
