import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSseStream } from '../test/helpers/sse-stream.js';
import { Cluster } from './cluster.js';
import { upstreamPort } from './nginx.js';

// Three API servers on one PostgreSQL behind nginx (round-robin), started from the deployment
// files, all at once on an empty database. Everything below goes through nginx, as a school's
// browsers and phones do, so consecutive requests land on the servers in turn.

let cluster: Cluster;

beforeAll(async () => {
  cluster = await Cluster.start({ env: { SEED_DEMO: '1' } });
});

afterAll(async () => {
  await cluster?.stop();
});

const ROUND = 6; // two requests per server

/** A teacher with a sign-in of their own (password demo1234), made straight in the database. */
async function addTeacherLogin(username: string): Promise<{ teacherId: number; userId: number }> {
  const { passwordHash } = await cluster.db.selectFrom('users').select('passwordHash').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const { userId } = await cluster.db.insertInto('users').values({ username, passwordHash, firstName: 'Cluster', lastName: username })
    .returning('userId').executeTakeFirstOrThrow();
  const { teacherId } = await cluster.db.insertInto('teachers').values({ firstName: 'Cluster', lastName: username, email: `${username}@example.test`, userId })
    .returning('teacherId').executeTakeFirstOrThrow();
  await cluster.db.insertInto('userRoles').values({ userId, role: 'Teacher', entityId: teacherId }).execute();
  return { teacherId, userId };
}

async function signIn(username: string, password: string, headers: Record<string, string> = {}) {
  return cluster.call('/api/users/authenticate', { method: 'POST', body: JSON.stringify({ username, password }), headers });
}

describe('three servers behind nginx', () => {
  it('start together on an empty database: one migrates and seeds the demo school, every server serves it', async () => {
    const admins = await cluster.db.selectFrom('users').select('userId').where('username', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    const statuses: number[] = [];
    const answeredBy = new Map<number, number>();
    for (let i = 0; i < ROUND; i++) {
      const res = await signIn('teacher', 'demo1234');
      statuses.push(res.status);
      answeredBy.set(upstreamPort(res.headers), (answeredBy.get(upstreamPort(res.headers)) ?? 0) + 1);
    }
    expect(statuses).toEqual(Array(ROUND).fill(200));
    expect([...answeredBy.keys()].sort()).toEqual(cluster.servers.map((s) => s.port).sort());
    expect([...answeredBy.values()]).toEqual([2, 2, 2]);
  });

  it('lock an account after 10 failed sign-ins whichever server answers, whatever X-Forwarded-For claims', async () => {
    await addTeacherLogin('cluster.lockout');
    const statuses: number[] = [];
    // 40 wrong passwords, each claiming another address: spread over the three servers in turn.
    for (let i = 0; i < 40; i++) statuses.push((await signIn('cluster.lockout', `guess-${i}`, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    // The right password too, on every server.
    for (let i = 0; i < 3; i++) expect((await signIn('cluster.lockout', 'demo1234', { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(429);
  });

  it('refuse a deactivated user on every server within a second', async () => {
    const admin = (await (await signIn('admin', 'demo1234')).json()) as { token: string };
    const teacher = await addTeacherLogin('cluster.leaver');
    const { token } = (await (await signIn('cluster.leaver', 'demo1234')).json()) as { token: string };
    const round = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < ROUND; i++) statuses.push((await cluster.call('/api/reports/GetTeacherDashboard', { token })).status);
      return statuses;
    };
    // Every server has just checked the user, so each holds their state in its cache.
    expect(await round()).toEqual(Array(ROUND).fill(200));

    const removed = await cluster.call(`/api/users/DeleteUser?type=2&id=${teacher.teacherId}`, { token: admin.token });
    expect(removed.status).toBe(200);
    const removedAt = Date.now();
    let last: number[] = [];
    while (Date.now() - removedAt < 1_000) {
      last = await round();
      if (last.every((status) => status === 401)) break;
    }
    expect(last).toEqual(Array(ROUND).fill(401));
    const tookMs = Date.now() - removedAt;
    console.info(`Deactivated user refused by all three servers ${tookMs} ms after the answer (a round of ${ROUND} requests included)`);
    expect(tookMs).toBeLessThan(1_000);
  });

  it('carry a settlement notice raised on one server to the streams on the others within a second', async () => {
    const { token: adminToken } = (await (await signIn('admin', 'demo1234')).json()) as { token: string };
    const { token: teacherToken, entityId: teacherId } = (await (await signIn('teacher', 'demo1234')).json()) as { token: string; entityId: number };
    const tickets: string[] = [];
    for (let i = 0; i < 3; i++) tickets.push(((await (await cluster.call('/api/notices/ticket', { method: 'POST', token: teacherToken })).json()) as { ticket: string }).ticket);
    // Six streams opened one after another land two on each server: an admin's by bearer header
    // and a teacher's by ticket, taken in turn, so each kind is on every server.
    const streams = [];
    for (const ticket of tickets) {
      streams.push(await openSseStream(`${cluster.url}/api/notices/stream`, { authorization: `Bearer ${adminToken}` }));
      streams.push(await openSseStream(`${cluster.url}/api/notices/events?ticket=${ticket}`));
    }
    try {
      for (const stream of streams) expect((await stream.next(5_000)).event).toBe('ready');
      expect(new Set(streams.map((stream) => upstreamPort(stream.headers))).size).toBe(3);

      // The demo teacher has marked classes no report has paid yet.
      const end = new Date();
      const raisedAt = Date.now();
      const raised = await cluster.call(`/api/reports/RaisePaymentReport?teacherIds=${teacherId}&periodEndDate=${end.getDate()}/${end.getMonth() + 1}/${end.getFullYear()}`, { token: adminToken });
      expect(raised.status, await raised.clone().text()).toBe(200);
      const id = ((await raised.json()) as { paymentHeader: { paymentHeaderId: number } }).paymentHeader.paymentHeaderId;
      const heard = await Promise.all(streams.map((stream) => stream.next(1_000)));
      const tookMs = Date.now() - raisedAt;
      for (const event of heard) expect(event).toMatchObject({ event: 'settlement-raised', data: { paymentHeaderId: id } });
      console.info(`Settlement notice heard by 6 streams on 3 servers ${tookMs} ms after the raise was sent`);
      expect(tookMs).toBeLessThan(1_000);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
