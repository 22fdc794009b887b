import { FileUploadFieldsSchema } from '@rollbook/shared-types/files';
import fc from 'fast-check';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteCatalogEntry } from '../../src/app.js';
import type { Db } from '../../src/db/create-db.js';
import { demoSchool, demoUsers, type DemoUser } from '../helpers/demo-school.js';
import { tokenFor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { applyMutations, fieldPaths, HUGE, mutationArb, nastyValue, plausible, RAW_BODIES, RAW_QUERIES, toQueryString } from './bad-requests.js';
import { groupOf, type FuzzGroup } from './fuzz-groups.js';
import { shapeOf, type Shape } from './zod-shape.js';

// Property-based bad input for every route of one group, sent by an admin (and, on routes a
// teacher may call, by a teacher) to the demo school. For every answer: no 5xx; a 4xx carries a
// readable message that leaks nothing; and a 4xx leaves every table's row count as it was.
// FUZZ_RUNS and FUZZ_SEED override the number of runs per route and the seed (printed on failure).

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Fields that must keep a fixed value: a notice stream without maxSeconds=0 stays open 15 minutes. */
const PINNED_QUERY: Record<string, Record<string, string>> = {
  '/api/notices/stream': { maxSeconds: '0' },
  '/api/notices/events': { maxSeconds: '0' },
  // The import routes read the file only once the kind is known.
  '/api/import/Preview': { kind: 'students' },
  '/api/import/Run': { kind: 'students' },
};

/** Multipart routes: the fields they read from the form (their route schema has no body). */
const MULTIPART_FIELDS: Record<string, unknown> = {
  '/api/files/Upload': FileUploadFieldsSchema,
  // The import takes the file alone.
  '/api/import/Preview': z.object({}),
  '/api/import/Run': z.object({}),
};

const NASTY_FILENAMES = [
  '../../../etc/passwd', '..\\..\\boot.ini', 'a\u0000b.pdf', `${'n'.repeat(5000)}.pdf`, '<script>alert(1)</script>.pdf', '', '.', 'CON',
  '.htaccess', 'report.pdf.exe', '"quoted".pdf', 'naïve résumé.pdf', '🙂.png', 'x;y=z.pdf',
];

/** Signs of a server internal reaching the client: stack frames, SQL and driver errors, lost objects. */
const LEAKS = [
  /\n\s+at\s/, /\bat\s+\S+\s+\(\/|node:internal/, /syntax error at or near/i, /relation "/i, /violates .*constraint/i, /duplicate key value/i,
  /invalid input syntax/i, /out of range for type/i, /value too long for type/i, /column "/i, /\bkysely\b/i, /\bpg_/i, /\[object Object\]/,
  /Cannot read propert|is not a function|is not defined/, /ECONNREFUSED|ETIMEDOUT/,
];

export interface FuzzRequest {
  label: string;
  method: string;
  url: string;
  contentType?: string;
  body?: string | Buffer;
}

export type Caller = 'admin' | 'teacher';

export interface FuzzState {
  testDb: TestDb;
  filesDir: string;
  app: FastifyInstance;
  users: Record<Caller, DemoUser>;
  countSql: string;
}

/** A stable seed per route, so a run is reproducible; FUZZ_SEED explores others. */
function seedFor(key: string): number {
  let h = Number(process.env.FUZZ_SEED ?? 20261122) | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

const short = (text: string | Buffer | undefined, max = 300) => {
  const s = typeof text === 'string' ? text : text ? `<${text.length} bytes>` : '';
  return s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s;
};

const describeRequest = (r: FuzzRequest) => `${r.label}: ${r.method} ${short(r.url)} [${r.contentType ?? 'no content type'}] ${short(r.body)}`;

/**
 * One query counting the rows of every table, so a refused request can be checked for writes. Not
 * attempt_counters: the rate limits' and sign-in lockout's counts, where counting a refused
 * attempt (a wrong password, a limited call) is the whole point.
 */
async function countSqlOf(db: Db): Promise<string> {
  const { rows } = await sql<{ tableName: string }>`
    select table_name as "tableName" from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'attempt_counters' order by table_name`.execute(db);
  return rows.map((r) => `select '${r.tableName}' as t, count(*)::int as n from "${r.tableName}"`).join(' union all ');
}

/** Row counts of every table, plus the number of files in the upload store (bytes are writes too). */
export async function rowCounts(state: FuzzState): Promise<Record<string, number>> {
  const { rows } = await sql.raw<{ t: string; n: number }>(state.countSql).execute(state.testDb.db);
  const stored = await readdir(state.filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return { ...Object.fromEntries(rows.map((r) => [r.t, r.n])), 'file store': stored.filter((e) => e.isFile()).length };
}

/** Bad requests for one route, derived from its query and body schemas. */
export function requestArb(route: RouteCatalogEntry): fc.Arbitrary<FuzzRequest> {
  const queryShape = route.schema.querystring ? shapeOf(route.schema.querystring) : null;
  const bodyShape = route.schema.body ? shapeOf(route.schema.body) : null;
  const pinned = PINNED_QUERY[route.url] ?? {};
  const method = route.method;
  // Path parameters (none today: ids travel in the query) get ids that are not ids.
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const path = fc
    .array(fc.oneof(fc.constantFrom('abc', '-1', '0', '1.5', '1e308', '9223372036854775808', "1' OR '1'='1", '%00', 'null', 'x'.repeat(5000)), fc.integer({ min: 1, max: 6 }).map(String)), {
      minLength: paramNames.length,
      maxLength: paramNames.length,
    })
    .map((values) => paramNames.reduce((url, name, i) => url.replace(`:${name}`, encodeURIComponent(values[i] as string)), route.url));

  const query = (shape: Shape | null, mutate: boolean): fc.Arbitrary<string> => {
    if (!shape) return mutate ? fc.constantFrom(...RAW_QUERIES) : fc.constant('');
    const base = plausible(shape, 'query');
    if (!mutate) return base.map((q) => toQueryString({ ...(q as object), ...pinned }));
    return fc
      .tuple(base, fc.array(mutationArb(shape), { minLength: 1, maxLength: 2 }))
      .map(([q, ms]) => toQueryString({ ...(applyMutations(q, ms) as object), ...pinned }));
  };

  const badQuery = fc.oneof(
    { weight: 6, arbitrary: query(queryShape, true).map((qs) => ({ label: 'bad query fields', qs })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((qs) => ({ label: 'raw query string', qs: `${qs}${toQueryString(pinned).replace('?', '&')}` })) },
    { weight: 1, arbitrary: fc.constant({ label: 'no query at all', qs: toQueryString(pinned) }) },
  );

  const multipartSchema = MULTIPART_FIELDS[route.url];
  if (multipartSchema) return multipartArb(method, `${route.url}${toQueryString(pinned)}`, shapeOf(multipartSchema));

  if (method === 'GET' || method === 'DELETE') {
    return fc.tuple(path, badQuery).map(([p, { label, qs }]) => ({ label, method, url: `${p}${qs}` }));
  }

  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  const badBody: fc.Arbitrary<{ label: string; contentType?: string; body: string | Buffer }> = bodyShape
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(plausible(bodyShape, 'body'), fc.array(mutationArb(bodyShape), { minLength: 1, maxLength: 2 }))
            .map(([b, ms]) => ({ label: 'bad body fields', contentType: 'application/json', body: json(applyMutations(b, ms)) })),
        },
        { weight: 1, arbitrary: nastyValue.map((v) => ({ label: 'body of the wrong type', contentType: 'application/json', body: json(v) })) },
        { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((r) => ({ label: 'malformed body or wrong content type', ...r })) },
      )
    : fc.oneof(
        { weight: 1, arbitrary: nastyValue.map((v) => ({ label: 'unexpected body', contentType: 'application/json', body: json(v) })) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((r) => ({ label: 'malformed body or wrong content type', ...r })) },
      );
  const goodQuery = query(queryShape, false);

  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(path, badBody, goodQuery).map(([p, b, qs]) => ({ method, url: `${p}${qs}`, ...b })) },
    {
      weight: queryShape ? 1 : 0,
      arbitrary: fc.tuple(path, badQuery, bodyShape ? plausible(bodyShape, 'body') : fc.constant(undefined)).map(([p, q, b]) => ({
        label: q.label, method, url: `${p}${q.qs}`, contentType: 'application/json', body: json(b ?? {}),
      })),
    },
  );
}

/** A multipart form: plausible fields with nasty ones mixed in, and none, one or two files with hostile names. */
function multipartArb(method: string, url: string, shape: Shape): fc.Arbitrary<FuzzRequest> {
  const file = fc.record({
    filename: fc.oneof(fc.constantFrom(...NASTY_FILENAMES), fc.constant('notes.pdf')),
    contentType: fc.constantFrom('application/pdf', 'text/html', 'image/svg+xml', 'application/x-msdownload', '', 'a/b/c'),
    content: fc.constantFrom(
      '%PDF-1.4 tiny', '', '<svg onload=alert(1)>', 'MZ\u0090\u0000',
      // CSV for the import routes: a row a school might send, one with a quote never closed, one holding a NUL.
      '\uFEFFFirst name;Last name;Email;Company\r\nAnn;"Lee\r\nJr";ann@example.test;Nowhere\r\n', 'First name,Last name,Email,Company\r\n"Ann,Lee',
      'First name,Last name,Email,Company,Date of birth\r\n\u00e9,\u0000,x,y,99999999\r\n',
    ),
  });
  return fc
    .tuple(plausible(shape, 'form'), fc.array(mutationArb(shape), { maxLength: 2 }), fc.array(file, { maxLength: 2 }), fc.integer({ min: 0, max: 4 }).map((n) => n === 0))
    .map(([fields, ms, files, truncate]) => {
      const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
      const parts: string[] = [];
      for (const [name, value] of Object.entries(applyMutations(fields, ms) as Record<string, unknown>)) {
        parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'object' ? JSON.stringify(value) : String(value)}\r\n`);
      }
      for (const f of files) {
        parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n${f.content}\r\n`);
      }
      const text = `${parts.join('')}--${boundary}--\r\n`;
      return {
        label: truncate ? 'multipart form cut short' : 'multipart form with bad fields or files',
        method, url, contentType: `multipart/form-data; boundary=${boundary}`,
        body: Buffer.from(truncate ? text.slice(0, Math.floor(text.length / 2)) : text),
      };
    });
}

/** Values past what a database column holds: numbers beyond its integer, text it cannot store or hold. */
const EDGES = { number: [2 ** 31, '9223372036854775808'], string: ['a\u0000b', HUGE] } as const;

/**
 * Deterministic companion to the random requests: a plausible request with one field at a time set
 * to each edge value, so every field of every route meets them at least once per run.
 */
export function edgeSweep(route: RouteCatalogEntry, seed: number): FuzzRequest[] {
  const pinned = PINNED_QUERY[route.url] ?? {};
  const parts = (['querystring', 'body'] as const).filter((part) => route.schema[part] !== undefined && !MULTIPART_FIELDS[route.url]);
  const out: FuzzRequest[] = [];
  for (const part of parts) {
    const shape = shapeOf(route.schema[part]);
    const base = fc.sample(plausible(shape, part), { numRuns: 1, seed })[0];
    const other = parts.find((p) => p !== part);
    const otherBase = other ? fc.sample(plausible(shapeOf(route.schema[other]), other), { numRuns: 1, seed })[0] : undefined;
    for (const [path, fieldShape] of fieldPaths(shape)) {
      const kind = fieldShape.kind === 'number' || (fieldShape.kind === 'union' && fieldShape.options.some((o) => o.kind === 'number')) ? 'number' : fieldShape.kind === 'string' ? 'string' : null;
      if (!kind) continue;
      for (const value of EDGES[kind]) {
        const changed = applyMutations(base, [{ kind: 'nasty', path, value }]);
        const query = part === 'querystring' ? changed : otherBase;
        const body = part === 'body' ? changed : otherBase;
        out.push({
          label: `edge ${part}.${path.join('.')} = ${typeof value === 'string' && value.length > 40 ? `<${value.length} chars>` : JSON.stringify(value)}`,
          method: route.method,
          url: `${route.url}${toQueryString({ ...(query as object | undefined), ...pinned })}`,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { contentType: 'application/json', body: JSON.stringify(body ?? {}) }),
        });
      }
    }
  }
  return out;
}

function checkAnswer(req: FuzzRequest, res: LightMyRequestResponse): void {
  const what = `${describeRequest(req)}\n→ ${res.statusCode} ${short(res.body, 500)}`;
  if (res.statusCode >= 500) throw new Error(`server error\n${what}`);
  if (res.statusCode < 400) return;
  let message: unknown;
  try {
    message = (res.json() as { message?: unknown }).message;
  } catch {
    throw new Error(`4xx body is not JSON\n${what}`);
  }
  if (typeof message !== 'string' || message.trim() === '') throw new Error(`4xx without a readable message\n${what}`);
  // The message may quote the request (an unknown path, say); judge only what the server added.
  const own = message.split(req.url).join('');
  const leak = LEAKS.find((re) => re.test(own));
  if (leak) throw new Error(`4xx message leaks internals (${leak})\n${what}`);
}

/** The API on a fresh copy of the demo school, with the demo admin and teacher to sign requests as. */
export async function startFuzzApp(): Promise<FuzzState> {
  const testDb = await createTestDb();
  await demoSchool(testDb.db);
  const filesDir = join(tmpdir(), `rollbook-fuzz-files-${randomBytes(4).toString('hex')}`);
  const app = await buildTestApp(testDb.db, { filesDir });
  const users = await demoUsers(app, testDb.db, ['admin', 'teacher'] satisfies Caller[]);
  return { testDb, filesDir, app, users, countSql: await countSqlOf(testDb.db) };
}

export async function stopFuzzApp(state: FuzzState): Promise<void> {
  await state.app.close();
  await state.testDb.close();
  await rm(state.filesDir, { recursive: true, force: true });
}

/** Declares one test per route (and caller) of the group. */
export function fuzzGroup(group: FuzzGroup): void {
  let state: FuzzState;
  // Routes are known only once the app is built (after vitest collected the tests), so one test
  // walks the group's routes and reports every failing route together.
  beforeAll(async () => {
    state = await startFuzzApp();
  });
  afterAll(async () => {
    if (state) await stopFuzzApp(state);
  });

  describe(`bad input to the ${group} routes`, () => {
    it('has routes to fuzz', () => {
      expect(state.app.routeCatalog.filter((r) => groupOf(r.url) === group).length).toBeGreaterThan(0);
    });

    it('answers every bad request with a readable 4xx (or a 2xx), never a 5xx, and writes nothing when refusing', { timeout: 600_000 }, async () => {
      const routes = state.app.routeCatalog.filter((r) => groupOf(r.url) === group);
      const failures: string[] = [];
      const statuses: Record<string, number> = {};
      let ip = 0;
      for (const route of routes) {
        const callers: Caller[] = route.roles.includes('Teacher') ? ['admin', 'teacher'] : ['admin'];
        for (const caller of callers) {
          const key = `${caller} ${route.method} ${route.url}`;
          const seed = seedFor(key);
          let before = await rowCounts(state);
          const send = async (req: FuzzRequest) => {
            const u = state.users[caller];
            // Signed per request: a fuzzed call may have ended the caller's sessions (a new password).
            const token = tokenFor(state.app, u.userId, u.role, u.entityId);
            const options: InjectOptions = {
              method: req.method as InjectOptions['method'],
              url: req.url,
              headers: { authorization: `Bearer ${token}`, ...(req.contentType ? { 'content-type': req.contentType } : {}) },
              // A fresh address per request, so the sign-in and reset limits do not hide the route behind 429.
              remoteAddress: `10.77.${(ip >> 8) & 255}.${ip++ & 255}`,
              ...(req.body !== undefined ? { payload: req.body } : {}),
            };
            const res = await state.app.inject(options);
            const bucket = `${res.statusCode}${res.statusCode === 400 ? `:${(res.json() as { code?: string }).code}` : ''}`;
            statuses[bucket] = (statuses[bucket] ?? 0) + 1;
            checkAnswer(req, res);
            const after = await rowCounts(state);
            if (res.statusCode >= 400) {
              const changed = Object.keys(after).filter((t) => after[t] !== before[t]).map((t) => `${t}: ${before[t]} → ${after[t]}`);
              if (changed.length > 0) throw new Error(`partial write on a ${res.statusCode}: ${changed.join(', ')}\n${describeRequest(req)}\n→ ${short(res.body)}`);
            }
            before = after;
          };
          // First a sweep: every field, one at a time, at the edges databases trip on.
          for (const req of edgeSweep(route, seed)) {
            try {
              await send(req);
            } catch (err) {
              failures.push(`${key} (edge sweep):\n${err instanceof Error ? err.message : String(err)}`);
              break;
            }
          }
          const property = fc.asyncProperty(requestArb(route), send);
          try {
            await fc.assert(property, {
            numRuns: RUNS,
            seed,
            endOnFailure: true,
            reporter: (out) => {
              if (!out.failed) return;
              const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
              throw new Error(`${key} (seed ${out.seed}, FUZZ_SEED=${process.env.FUZZ_SEED ?? 'default'}, run ${out.numRuns}):\n${cause}`);
            },
            });
          } catch (err) {
            failures.push(err instanceof Error ? err.message : String(err));
          }
        }
      }
      expect(failures.join('\n\n')).toBe('');
      // A self-check of the generator: plenty of requests got past the schemas to the services.
      const pastSchemas = Object.entries(statuses).filter(([s]) => !/^(400:VALIDATION|400:MALFORMED_JSON|413|415)$/.test(s)).reduce((n, [, c]) => n + c, 0);
      expect(pastSchemas, JSON.stringify(statuses)).toBeGreaterThan(routes.length * 2);
    });
  });
}
