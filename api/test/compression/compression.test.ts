import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Phones on mobile data get API answers compressed when they ask (plugins/compression.ts); the
// JSON they decode must be exactly what an uncompressed answer carries.

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const { companyId } = await createCompany(ctx.db);
  for (let i = 1; i <= 30; i++) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/rooms/upsert', headers: cast.headers.admin, payload: { name: `Room ${i} on the long corridor`, companyId, capacity: 12, description: 'Projector, whiteboard and twelve chairs' } });
    expect(res.statusCode, res.body).toBe(200);
  }
});

const rooms = (acceptEncoding?: string) => ctx.app.inject({
  url: '/api/rooms/getall',
  headers: { ...cast.headers.admin, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
});

describe('compressed API answers', () => {
  it('sends brotli when the client accepts it, gzip when only that, and the same JSON either way', async () => {
    const plain = await rooms();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await rooms('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await rooms('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await ctx.app.inject({ url: '/api/infra/GetVersionNumber', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
