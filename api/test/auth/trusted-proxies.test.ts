import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// Tried as an attacker would: wrong passwords, each with a different made-up X-Forwarded-For. The
// header is believed only from a proxy TRUST_PROXY names, so a forged one does not change the key
// the sign-in lockout counts under (which includes the caller's address).

let testDb: TestDb;
let untrusting: FastifyInstance;
let behindProxy: FastifyInstance;
let byHops: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDb();
  untrusting = await buildTestApp(testDb.db);
  behindProxy = await buildTestApp(testDb.db, { trustProxy: ['10.9.9.9'] });
  byHops = await buildTestApp(testDb.db, { trustProxy: 1 });
});

afterAll(async () => {
  await untrusting?.close();
  await behindProxy?.close();
  await byHops?.close();
  await testDb?.close();
});

const attempt = (app: FastifyInstance, username: string, remoteAddress: string, forwardedFor: string, password = 'not-it') =>
  app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

describe('X-Forwarded-For', () => {
  it('is ignored by default: forty forged addresses are still one caller, locked out after ten failures', async () => {
    await createUser(testDb.db, { username: 'forged.default', password: 'right-password' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await attempt(untrusting, 'forged.default', '10.40.0.1', `203.0.113.${i}`)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect((await attempt(untrusting, 'forged.default', '10.40.0.1', '198.51.100.7', 'right-password')).statusCode).toBe(429);
  });

  it('is believed from a trusted proxy, and from nobody else', async () => {
    await createUser(testDb.db, { username: 'forged.proxy', password: 'right-password' });
    // Through the proxy: each client is counted on its own, so one guessing client does not lock out another.
    for (let i = 0; i < 10; i++) expect((await attempt(behindProxy, 'forged.proxy', '10.9.9.9', '198.51.100.1')).statusCode).toBe(401);
    expect((await attempt(behindProxy, 'forged.proxy', '10.9.9.9', '198.51.100.1', 'right-password')).statusCode).toBe(429);
    expect((await attempt(behindProxy, 'forged.proxy', '10.9.9.9', '198.51.100.2', 'right-password')).statusCode).toBe(200);
    // Straight to the server, forging the header: one caller whatever the header says.
    for (let i = 0; i < 10; i++) expect((await attempt(behindProxy, 'forged.proxy', '10.41.0.1', `203.0.113.${i}`)).statusCode).toBe(401);
    expect((await attempt(behindProxy, 'forged.proxy', '10.41.0.1', '203.0.113.99', 'right-password')).statusCode).toBe(429);
  });

  it('with a hop count, is believed for that many proxies and no further', async () => {
    await createUser(testDb.db, { username: 'forged.hops', password: 'right-password' });
    // The proxy appends the address it saw; what the client put before it is not believed.
    for (let i = 0; i < 10; i++) expect((await attempt(byHops, 'forged.hops', '10.42.0.1', `203.0.113.${i}, 198.51.100.3`)).statusCode).toBe(401);
    expect((await attempt(byHops, 'forged.hops', '10.42.0.1', '203.0.113.200, 198.51.100.3', 'right-password')).statusCode).toBe(429);
  });
});
