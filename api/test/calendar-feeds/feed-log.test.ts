import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { appLoggerOptions } from '../../src/plugins/request-log.js';
import { createCast, type Cast } from '../helpers/scheduling-factories.js';
import { testConfig } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// The feed's token is its only credential: the request log must never hold it.

let testDb: TestDb;
let app: FastifyInstance;
let cast: Cast;
const lines: string[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  app = await buildApp({ config: testConfig(), db: testDb.db, logger: appLoggerOptions('info', stream) });
  await app.ready();
  cast = await createCast(testDb.db, app);
});
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

it('logs feed requests with the token masked', async () => {
  const { path } = (await app.inject({ method: 'POST', url: '/api/calendar/feed', headers: cast.headers.teacher })).json();
  const token = /feeds\/(.+)\.ics$/.exec(path)![1]!;
  expect((await app.inject({ url: path })).statusCode).toBe(200);
  expect((await app.inject({ url: `/api/calendar/feeds/${'B'.repeat(43)}.ics` })).statusCode).toBe(404);
  const log = lines.join('');
  expect(log).toContain('/api/calendar/feeds/[redacted]');
  expect(log).not.toContain(token);
  expect(log).not.toContain('B'.repeat(43));
});
