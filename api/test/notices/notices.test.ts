import type { Notice } from '@rollbook/shared-types/notices';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forListener, NoticeHub } from '../../src/modules/notices/notice-hub.js';
import { openNoticeStream } from '../../src/modules/notices/sse-stream.js';
import { sseKey } from '../../src/modules/notices/sse-token.js';
import { createUser } from '../helpers/factories.js';
import { createClass, createCourseFixture } from '../helpers/payment-factories.js';
import { buildTestApp, TEST_JWT_SECRET } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

let testDb: TestDb;
let app: FastifyInstance;
let base: string;
let adminToken: string;

beforeAll(async () => {
  testDb = await createTestDb();
  app = await buildTestApp(testDb.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  adminToken = await tokenFor('CompanyAdmin', null);
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

async function tokenFor(role: 'CompanyAdmin' | 'Teacher' | 'Student', entityId: number | null): Promise<string> {
  const user = await createUser(testDb.db, { roles: [{ name: role, entityId }] });
  return app.signToken({ sub: String(user.userId), roles: [{ name: role, entityId }] });
}

interface SseEvent { event: string; data: unknown }

/** Reads a server-sent event stream over a real socket, as a browser would. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const queue: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let raw = '';
  if (!res.ok) await res.body?.cancel();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          raw += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = raw.indexOf('\n\n')) >= 0) {
            const block = raw.slice(0, end);
            raw = raw.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) queue.push({ event, data: JSON.parse(data) });
            else if (block.startsWith(':')) queue.push({ event: 'comment', data: block });
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    async next(timeoutMs = 3000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error('no event in time');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return queue.shift() as SseEvent;
    },
    pending: () => queue.length,
    close: () => controller.abort(),
  };
}

const inject = (url: string, token = adminToken) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function untilNoListeners(): Promise<void> {
  for (let i = 0; i < 100 && app.noticeHub.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('notice hub', () => {
  const notice: Notice = { type: 'settlement-raised', paymentHeaderId: 7, teacherIds: [1, 2] };

  it('gives admins the whole notice, a teacher in it only their own id, and others nothing', () => {
    expect(forListener(notice, { isAdmin: true, teacherId: null })).toEqual(notice);
    expect(forListener(notice, { isAdmin: false, teacherId: 2 })).toEqual({ ...notice, teacherIds: [2] });
    expect(forListener(notice, { isAdmin: false, teacherId: 3 })).toBeNull();
    expect(forListener(notice, { isAdmin: false, teacherId: null })).toBeNull();
  });

  it('delivers to subscribers until they unsubscribe, and survives a broken one', () => {
    const hub = new NoticeHub();
    const got: Notice[] = [];
    const stop = hub.subscribe({ isAdmin: true, teacherId: null, send: (n) => got.push(n) });
    hub.subscribe({ isAdmin: true, teacherId: null, send: () => { throw new Error('socket gone'); } });
    expect(hub.publish(notice)).toBe(1);
    stop();
    expect(hub.size).toBe(1);
    hub.publish(notice);
    expect(got).toEqual([notice]);
  });
});

describe('notice streams', () => {
  it('tells admins and the teachers in a report, within seconds, when it is raised and deleted', async () => {
    const f = await createCourseFixture(testDb.db);
    const outsider = await createCourseFixture(testDb.db);
    await createClass(testDb.db, f, { startsAt: '2026-06-01T09:00:00Z' });
    const admin = await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'br, gzip' });
    const teacher = await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${await tokenFor('Teacher', f.teacherId)}` });
    const other = await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${await tokenFor('Teacher', outsider.teacherId)}` });
    try {
      expect(admin.status).toBe(200);
      expect(admin.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      // Asked for compressed answers, the stream still sends each event as written, uncompressed.
      expect(admin.headers.get('content-encoding')).toBeNull();
      for (const s of [admin, teacher, other]) expect((await s.next()).event).toBe('ready');

      const raisedAt = Date.now();
      const raised = await inject(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=30/6/2026`);
      const id = raised.json().paymentHeader.paymentHeaderId as number;
      expect(await admin.next()).toEqual({ event: 'settlement-raised', data: { type: 'settlement-raised', paymentHeaderId: id, teacherIds: [f.teacherId] } });
      expect(await teacher.next()).toEqual({ event: 'settlement-raised', data: { type: 'settlement-raised', paymentHeaderId: id, teacherIds: [f.teacherId] } });
      expect(Date.now() - raisedAt).toBeLessThan(3000);

      await inject(`/api/reports/DeletePayments?paymentHeaderId=${id}`);
      expect((await admin.next()).data).toEqual({ type: 'settlement-deleted', paymentHeaderId: id, teacherIds: [f.teacherId] });
      expect((await teacher.next()).event).toBe('settlement-deleted');

      // The outsider heard neither: their next event is one that names them.
      await createClass(testDb.db, outsider, { startsAt: '2026-06-02T09:00:00Z' });
      const theirs = await inject(`/api/reports/RaisePaymentReport?teacherIds=${outsider.teacherId}&periodEndDate=30/6/2026`);
      expect((await other.next()).data).toEqual({ type: 'settlement-raised', paymentHeaderId: theirs.json().paymentHeader.paymentHeaderId, teacherIds: [outsider.teacherId] });
      expect(teacher.pending()).toBe(0);
    } finally {
      for (const s of [admin, teacher, other]) s.close();
    }
    await untilNoListeners();
    expect(app.noticeHub.size).toBe(0);
  });

  it('opens for EventSource with a short-lived stream token in the query, never the sign-in token', async () => {
    const f = await createCourseFixture(testDb.db);
    await createClass(testDb.db, f, { startsAt: '2026-07-01T09:00:00Z' });
    const teacherToken = await tokenFor('Teacher', f.teacherId);
    const issued = await inject('/api/notices/token', teacherToken);
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { token, expiresAt } = issued.json() as { token: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);

    const stream = await openStream(`${base}/api/notices/events?token=${encodeURIComponent(token)}`);
    try {
      expect(stream.status).toBe(200);
      expect(await stream.next()).toMatchObject({ event: 'ready', data: { heartbeatSeconds: 25 } });
      await inject(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=31/7/2026`);
      expect((await stream.next()).data).toMatchObject({ type: 'settlement-raised', teacherIds: [f.teacherId] });
    } finally {
      stream.close();
    }

    // The stream token is not a sign-in token, and the sign-in token does not open the stream.
    expect((await inject('/api/reports/GetTeacherDashboard', token)).statusCode).toBe(401);
    expect((await openStream(`${base}/api/notices/events?token=${encodeURIComponent(teacherToken)}`)).status).toBe(401);
    // The same claims, expired, are refused.
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sub: string; roles: unknown };
    const expired = createSigner({ key: sseKey(TEST_JWT_SECRET), aud: 'rollbook-notices', expiresIn: 1000, clockTimestamp: Date.now() - 120_000 })({
      sub: claims.sub, roles: claims.roles,
    });
    expect((await openStream(`${base}/api/notices/events?token=${expired}`)).status).toBe(401);
    // Students get no token and no stream.
    const studentToken = await tokenFor('Student', 1);
    expect((await inject('/api/notices/token', studentToken)).statusCode).toBe(403);
    expect((await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${studentToken}` })).status).toBe(403);
    expect((await openStream(`${base}/api/notices/stream`)).status).toBe(401);
  });

  it('refuses a stream token once its user is deactivated', async () => {
    const user = await createUser(testDb.db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const signIn = app.signToken({ sub: String(user.userId), roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const { token } = (await inject('/api/notices/token', signIn)).json() as { token: string };
    await testDb.db.updateTable('users').set({ active: false }).where('userId', '=', user.userId).execute();
    expect((await openStream(`${base}/api/notices/events?token=${encodeURIComponent(token)}`)).status).toBe(401);
  });

  it('ends streams when the server closes', async () => {
    const second = await buildTestApp(testDb.db);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const user = await createUser(testDb.db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const signIn = second.signToken({ sub: String(user.userId), roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const stream = await openStream(`http://127.0.0.1:${address.port}/api/notices/stream`, { authorization: `Bearer ${signIn}` });
    expect((await stream.next()).event).toBe('ready');
    expect(second.noticeHub.size).toBe(1);
    const started = Date.now();
    await second.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(second.noticeHub.size).toBe(0);
  });
});

describe('stream keep-alive', () => {
  it('sends a heartbeat comment on schedule and ends after maxSeconds, releasing its listener', async () => {
    const hub = new NoticeHub();
    const open = new Set<() => void>();
    const bare = Fastify();
    bare.get('/s', (request, reply) => {
      openNoticeStream(request, reply, { hub, open, heartbeatMs: 100, maxSeconds: 1, listener: { isAdmin: true, teacherId: null } });
    });
    const res = await bare.inject({ method: 'GET', url: '/s' });
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body.startsWith('retry: 5000\nevent: ready\ndata: {"heartbeatSeconds":0,"maxSeconds":1}\n\n')).toBe(true);
    // Every 100 ms for 1 s: timers run late on a loaded machine, so only bound it, never time it.
    const beats = res.body.split(': heartbeat\n\n').length - 1;
    expect(beats).toBeGreaterThanOrEqual(2);
    expect(beats).toBeLessThanOrEqual(10);
    expect(hub.size).toBe(0);
    expect(open.size).toBe(0);
    await bare.close();
  });
});
