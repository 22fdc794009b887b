import type { RoleName } from '@rollbook/shared-types/auth';
import type { Notice } from '@rollbook/shared-types/notices';
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { forListener, NoticeHub } from '../../src/modules/notices/notice-hub.js';
import { openNoticeStream } from '../../src/modules/notices/sse-stream.js';
import { createUser, tokenFor } from '../helpers/factories.js';
import { openSseStream } from '../helpers/sse-stream.js';
import { createClass, createCourseFixture } from '../helpers/payment-factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { buildTestApp, useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let base: string;
let adminToken: string;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  adminToken = await signedIn('CompanyAdmin', null);
});

const signedIn = async (role: RoleName, entityId: number | null) => (await loginFor(ctx.app, ctx.db, role, entityId)).token;

const openStream = openSseStream;

const inject = (url: string, token = adminToken) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const takeTicket = (token: string, on = ctx.app) => on.inject({ method: 'POST', url: '/api/notices/ticket', headers: { authorization: `Bearer ${token}` } });
const eventsUrl = (ticket: string, on = base) => `${on}/api/notices/events?ticket=${encodeURIComponent(ticket)}`;

async function untilNoListeners(): Promise<void> {
  for (let i = 0; i < 100 && ctx.app.noticeHub.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
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
    const f = await createCourseFixture(ctx.db);
    const outsider = await createCourseFixture(ctx.db);
    await createClass(ctx.db, f, { startsAt: '2026-06-01T09:00:00Z' });
    const admin = await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'br, gzip' });
    const teacher = await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${await signedIn('Teacher', f.teacherId)}` });
    const other = await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${await signedIn('Teacher', outsider.teacherId)}` });
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
      await createClass(ctx.db, outsider, { startsAt: '2026-06-02T09:00:00Z' });
      const theirs = await inject(`/api/reports/RaisePaymentReport?teacherIds=${outsider.teacherId}&periodEndDate=30/6/2026`);
      expect((await other.next()).data).toEqual({ type: 'settlement-raised', paymentHeaderId: theirs.json().paymentHeader.paymentHeaderId, teacherIds: [outsider.teacherId] });
      expect(teacher.pending()).toBe(0);
    } finally {
      for (const s of [admin, teacher, other]) s.close();
    }
    await untilNoListeners();
    expect(ctx.app.noticeHub.size).toBe(0);
  });

  it('opens for EventSource with a ticket in the query that works once, never with the sign-in token', async () => {
    const f = await createCourseFixture(ctx.db);
    await createClass(ctx.db, f, { startsAt: '2026-07-01T09:00:00Z' });
    const teacherToken = await signedIn('Teacher', f.teacherId);
    const issued = await takeTicket(teacherToken);
    expect(issued.statusCode).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { ticket, expiresAt } = issued.json() as { ticket: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30_000);

    const stream = await openStream(eventsUrl(ticket));
    try {
      expect(stream.status).toBe(200);
      expect(await stream.next()).toMatchObject({ event: 'ready', data: { heartbeatSeconds: 25 } });
      await inject(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=31/7/2026`);
      expect((await stream.next()).data).toMatchObject({ type: 'settlement-raised', teacherIds: [f.teacherId] });
    } finally {
      stream.close();
    }

    // Used once, the same URL (read back from a log, say) opens nothing.
    expect((await openStream(eventsUrl(ticket))).status).toBe(401);
    // A ticket is not a sign-in token.
    expect((await inject('/api/reports/GetTeacherDashboard', ticket)).statusCode).toBe(401);
    // The sign-in token is accepted in no URL: not as a ticket, not under another name, not on the header route.
    expect((await openStream(eventsUrl(teacherToken))).status).toBe(401);
    expect((await openStream(`${base}/api/notices/events?token=${encodeURIComponent(teacherToken)}`)).status).toBe(400);
    for (const name of ['token', 'access_token', 'ticket']) {
      expect((await openStream(`${base}/api/notices/stream?${name}=${encodeURIComponent(teacherToken)}`)).status).toBe(401);
    }
    // Students get no ticket and no stream.
    const studentToken = await signedIn('Student', 1);
    expect((await takeTicket(studentToken)).statusCode).toBe(403);
    expect((await openStream(`${base}/api/notices/stream`, { authorization: `Bearer ${studentToken}` })).status).toBe(403);
    expect((await openStream(`${base}/api/notices/stream`)).status).toBe(401);
  });

  it('refuses an expired ticket, and keeps only its hash', async () => {
    const { ticket } = (await takeTicket(adminToken)).json() as { ticket: string };
    const hash = createHash('sha256').update(ticket).digest('hex');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from notice_tickets where ticket_hash = ${hash} or ticket_hash = ${ticket}`.execute(ctx.db);
    expect(rows[0]?.n).toBe(1);
    // Thirty seconds on: the database's clock decides, so the ticket's expiry is moved into the past.
    await sql`update notice_tickets set expires_at = now() - interval '1 second' where ticket_hash = ${hash}`.execute(ctx.db);
    expect((await openStream(eventsUrl(ticket))).status).toBe(401);
  });

  it('refuses a ticket once its user is deactivated', async () => {
    const user = await createUser(ctx.db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const signIn = tokenFor(ctx.app, user.userId, 'CompanyAdmin', null);
    const { ticket } = (await takeTicket(signIn)).json() as { ticket: string };
    await ctx.db.updateTable('users').set({ active: false }).where('userId', '=', user.userId).execute();
    expect((await openStream(eventsUrl(ticket))).status).toBe(401);
  });

  it('opens one stream for a ticket handed to two servers at once', async () => {
    const second = await buildTestApp(ctx.db);
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = second.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      for (let round = 0; round < 5; round++) {
        const { ticket } = (await takeTicket(adminToken)).json() as { ticket: string };
        const streams = await Promise.all([openStream(eventsUrl(ticket)), openStream(eventsUrl(ticket, `http://127.0.0.1:${address.port}`))]);
        expect(streams.map((s) => s.status).sort()).toEqual([200, 401]);
        for (const s of streams) s.close();
      }
    } finally {
      await second.close();
    }
  });

  it('ends streams when the server closes', async () => {
    const second = await buildTestApp(ctx.db);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const user = await createUser(ctx.db, { roles: [{ name: 'CompanyAdmin', entityId: null }] });
    const signIn = tokenFor(second, user.userId, 'CompanyAdmin', null);
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
