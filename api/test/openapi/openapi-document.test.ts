import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

// The document at /api/docs/json is what other teams generate clients from (api/openapi.json is
// the same document, committed; `pnpm api:contract` lints it with Redocly and type-checks a client).
interface Operation { operationId?: string; summary?: string; tags?: string[] }
type OpenApiDocument = { openapi: string; servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

const ctx = useTestApp();
let doc: OpenApiDocument;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  const res = await ctx.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
});

describe('the OpenAPI document', () => {
  it('gives every operation an operationId, a summary and at least one tag', () => {
    expect(operations.length).toBeGreaterThan(100);
    const incomplete = operations
      .filter(({ operation }) => !operation.operationId || !operation.summary?.trim() || !operation.tags?.length)
      .map(({ method, path }) => `${method} ${path}`);
    expect(incomplete).toEqual([]);
  });

  it('names each operation once, so generated clients have one function per operation', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { method, path, operation } of operations) {
      const id = operation.operationId ?? '';
      const first = seen.get(id);
      if (first) duplicates.push(`${id}: ${first} and ${method} ${path}`);
      else seen.set(id, `${method} ${path}`);
    }
    expect(duplicates).toEqual([]);
  });

  it('documents every route the API serves under /api (the docs routes aside)', () => {
    const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    // Fastify writes a path parameter :name, OpenAPI {name}.
    const served = ctx.app.routeCatalog.map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('is OpenAPI 3.1 with a server, so nullable fields are JSON Schema null types, not 3.0 `nullable`', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    const course = doc.paths['/api/courses/upsert']?.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(course.requestBody.content['application/json']?.schema.properties.companyId).toEqual(
      expect.objectContaining({ anyOf: expect.arrayContaining([{ type: 'null' }]) }));
  });

  it('derives operationIds from the path, and a second method on a path names its own', () => {
    const idOf = (method: string, path: string) => operations.find((o) => o.method === method && o.path === path)?.operation.operationId;
    expect(idOf('GET', '/api/courses/getall')).toBe('coursesGetAll');
    expect(idOf('GET', '/api/classes/GetByCourseId')).toBe('classesGetByCourseId');
    expect(idOf('GET', '/api/users/RegisterUser')).toBe('usersRegisterUser');
    expect(idOf('POST', '/api/users/RegisterUser')).toBe('usersRegisterUserFromBody');
  });
});
