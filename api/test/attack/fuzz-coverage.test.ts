import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { groupOf } from './fuzz-groups.js';
import { shapeOf } from './zod-shape.js';

// The bad-input fuzz covers every route: a route whose path segment no fuzz group claims fails
// here, as does one whose input schema the fuzzer cannot read.

let testDb: TestDb;
let app: FastifyInstance;

beforeAll(async () => {
  testDb = await createTestDb();
  app = await buildTestApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

describe('bad-input fuzz coverage', () => {
  it('puts every API route in a fuzz group', () => {
    expect(app.routeCatalog.length).toBeGreaterThan(50);
    expect(app.routeCatalog.filter((r) => groupOf(r.url) === null).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('reads every query and body schema as an object or array the fuzzer can take apart', () => {
    const unreadable = app.routeCatalog.flatMap((r) =>
      (['querystring', 'body'] as const)
        .filter((part) => r.schema[part] !== undefined && !['object', 'array'].includes(shapeOf(r.schema[part]).kind))
        .map((part) => `${r.method} ${r.url} ${part}`),
    );
    expect(unreadable).toEqual([]);
  });
});
