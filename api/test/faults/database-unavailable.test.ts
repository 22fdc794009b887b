import { createServer, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type DbHandle } from '../../src/db/create-db.js';
import { errorsPlugin } from '../../src/plugins/errors.js';
import { buildTestApp } from '../helpers/test-app.js';
import { freePort } from './server-process.js';

// When the database can not be reached, a request is answered 503 "try again shortly" with a
// Retry-After (the phone's sender waits and retries), never 500 (which reads as a bug) and never
// left hanging while a connection is awaited. Other server errors stay 500.

const UNAVAILABLE = { message: 'The service is temporarily unavailable, please try again shortly', code: 'UNAVAILABLE' };

describe('errors plugin: database outages', () => {
  let app: FastifyInstance;
  const thrown = new Map<string, Error>();

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/fail/:kind', async (request) => {
      throw thrown.get((request.params as { kind: string }).kind);
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
  const outages: [string, Error][] = [
    ['admin shutdown (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already')],
    ['connection failure (08006)', pgError('08006', 'connection failure')],
    ['refused (ECONNREFUSED)', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['connection cut', new Error('Connection terminated unexpectedly')],
    ['connection not opened in time', new Error('timeout expired')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ];

  it.each(outages)('answers 503 with Retry-After for %s', async (kind, error) => {
    thrown.set(kind, error);
    const res = await app.inject({ url: `/fail/${encodeURIComponent(kind)}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('keeps other database and program errors a 500 that hides the detail', async () => {
    thrown.set('missing-table', pgError('42P01', 'relation "x" does not exist'));
    thrown.set('bug', new TypeError('cannot read properties of undefined'));
    for (const kind of ['missing-table', 'bug']) {
      const res = await app.inject({ url: `/fail/${kind}` });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side', code: 'INTERNAL' });
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });
});

describe('the whole API with its database out of reach', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  const handles: DbHandle[] = [];

  beforeAll(async () => {
    // A server that accepts connections and never answers: what a hung or half-failed-over database looks like.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => silent?.close(r));
    for (const handle of handles) await handle.close().catch(() => undefined);
  });

  async function teacherWeek(handle: DbHandle) {
    handles.push(handle);
    const app = await buildTestApp(handle.db);
    try {
      const token = app.signToken({ sub: '1', roles: [{ name: 'Teacher', entityId: 1 }] });
      return await app.inject({ url: '/api/classes/GetByFilter?timePeriod=W', headers: { authorization: `Bearer ${token}` } });
    } finally {
      await app.close();
    }
  }

  it('answers 503 when nothing listens where PostgreSQL should be, and says so on the health check', async () => {
    const handle = createPostgresDb(`postgres://postgres@127.0.0.1:${await freePort()}/rollbook`, 2);
    const res = await teacherWeek(handle);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    const app = await buildTestApp(handle.db);
    const health = await app.inject({ url: '/api/infra/Health' });
    await app.close();
    expect([health.statusCode, health.json()]).toEqual([503, UNAVAILABLE]);
  });

  it('answers 503 instead of hanging when PostgreSQL accepts the connection but never answers', async () => {
    const address = silent.address() as { port: number };
    const res = await teacherWeek(createPostgresDb(`postgres://postgres@127.0.0.1:${address.port}/rollbook`, 2, 300));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
  });
});
