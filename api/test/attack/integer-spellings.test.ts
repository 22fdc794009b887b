import { randomUUID } from 'node:crypto';
import type { IntegerField } from '@rollbook/shared-types/integers';
import { FileUploadFieldsSchema } from '@rollbook/shared-types/files';
import { AttendanceStatus, ClassStatus, CourseStatus } from '@rollbook/shared-types/statuses';
import { MUTATION_ARGS } from '@rollbook/shared-types/sync';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteCatalogEntry } from '../../src/app.js';
import { multipartBody } from '../files/multipart.js';
import { tokenFor } from '../helpers/factories.js';
import { toQueryString } from './bad-requests.js';
import { startFuzzApp, stopFuzzApp, type Caller, type FuzzState } from './fuzz-harness.js';
import { integerFieldsOf, strayIntegers, validBase, validInteger, withValue, type IntegerFieldAt } from './integer-fields.js';

// Ids and integer parameters have one spelling (shared-types/src/integers.ts). For every
// route that takes one, each integer field in turn gets misspellings of a valid value ('1e3',
// '0x10', '12.0', ' 12', '+12', '012', '' …), values just out of its range and, in a JSON body, text
// and numbers that are not safe integers. Every answer must be a 400 naming that field, and no
// table may change (row counts and the newest row version of every table). FUZZ_RUNS sets the
// random misspellings per field on top of the fixed ones.

const RUNS = Math.max(1, Math.round(Number(process.env.FUZZ_RUNS ?? 40) / 5));

/** Spellings of n that are never the canonical one. */
const FULLWIDTH = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));
const MISSPELLINGS: ((n: number) => string)[] = [
  (n) => ` ${n}`, (n) => `${n} `, (n) => `\t${n}`, (n) => `${n}\n`, (n) => `+${n}`, (n) => (n < 0 ? `-0${-n}` : `0${n}`),
  (n) => `${n}.0`, (n) => `${n}.`, (n) => `${n}e0`, (n) => `${n}E0`, (n) => `${n < 0 ? '-' : ''}0x${Math.abs(n).toString(16)}`,
  (n) => `${n}_000`, (n) => FULLWIDTH(String(n)), (n) => `${n}abc`,
];
const ALWAYS_BAD_TEXT = ['1e3', '0x10', '12.0', ' 12', '+12', '012', '12 ', '1_000', 'Infinity', '-Infinity', 'NaN', '-0', 'null', 'true'];
const NOT_SAFE_INTEGERS = [0.5, 2 ** 53, -(2 ** 53), 1e300];

/** Values in the field's range (its list when it has one), to misspell. */
const inRange = (f: IntegerField) => (f.values ? fc.constantFrom(...f.values) : fc.integer({ min: Math.max(f.min, -1e6), max: Math.min(f.max, 1e6) }));

/** What the field must refuse, fixed ones first. */
function refusedValues(at: IntegerFieldAt): { fixed: unknown[]; random: fc.Arbitrary<unknown> } {
  const { field, path } = at;
  const n = validInteger(field);
  const isItem = path[path.length - 1] === '0';
  // '' is "none" for a whole comma list of ids and for a form's empty optional number, and "all"
  // for a list filter (checked in shared-types' tests).
  const empty = isItem || field.form?.blankIsNone || field.blankIsAll ? [] : [''];
  const outside = [field.min - 1, field.max + 1].filter((v) => !(field.form?.blankIsNone && v === 0));
  if (field.values) outside.push(...range(field.min, field.max).filter((v) => !field.values?.includes(v)));
  const text = [...MISSPELLINGS.map((m) => m(n)), ...ALWAYS_BAD_TEXT, ...empty];
  if (field.source === 'query') {
    return { fixed: [...text, ...outside.map(String)], random: fc.tuple(inRange(field), fc.constantFrom(...MISSPELLINGS)).map(([v, m]) => m(v)) };
  }
  // A JSON body: numbers only, and safe integers in range; a form input also reads its canonical text.
  const canonicalText = field.form ? [] : [String(n)];
  return {
    fixed: [...text, ...canonicalText, ...outside, ...NOT_SAFE_INTEGERS.map((x) => n + x), true, [n], {}],
    random: fc.oneof(
      fc.tuple(inRange(field), fc.constantFrom(...MISSPELLINGS)).map(([v, m]) => m(v)),
      fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true, min: -1e9, max: 1e9 }),
      ...(field.form ? [] : [inRange(field).map(String)]),
    ),
  };
}

const range = (min: number, max: number) => (max - min > 20 ? [] : Array.from({ length: max - min + 1 }, (_, i) => min + i));

interface JsonSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema } | undefined> };
}

/** The part of a JSON schema at a field path ('0': an array's items). */
const schemaAt = (schema: JsonSchema | undefined, path: string[]): JsonSchema | undefined =>
  path.reduce<JsonSchema | undefined>((node, segment) => (segment === '0' ? node?.items : node?.properties?.[segment]), schema);

/** A nullable field's schema without its null branch (OpenAPI 3.1 writes it as anyOf [x, null]). */
function withoutNull(schema: JsonSchema | undefined): JsonSchema | undefined {
  const branches = schema?.anyOf?.filter((b) => b.type !== 'null');
  return branches?.length === 1 ? branches[0] : schema;
}

type Part = 'querystring' | 'body' | 'multipart';
const MULTIPART: Record<string, unknown> = { '/api/files/Upload': FileUploadFieldsSchema };

/** The parts of a route that hold integers, with their fields. */
function integerPartsOf(route: RouteCatalogEntry): { part: Part; schema: unknown; fields: IntegerFieldAt[] }[] {
  const multipart = MULTIPART[route.url];
  if (multipart) return [{ part: 'multipart', schema: multipart, fields: integerFieldsOf(multipart) }];
  return (['querystring', 'body'] as const)
    .map((part) => ({ part, schema: route.schema[part], fields: integerFieldsOf(route.schema[part]) }))
    .filter((p) => p.fields.length > 0);
}

let signatureSql = '';

/** Row count and newest row version (xmin) of every table: an insert, update or delete changes one. */
async function tableSignatures(state: FuzzState): Promise<Record<string, string>> {
  if (!signatureSql) {
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(state.testDb.db);
    signatureSql = tables.map((t) => `select '${t.name}' as t, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as s from "${t.name}"`).join(' union all ');
  }
  const { rows } = await sql.raw<{ t: string; s: string }>(signatureSql).execute(state.testDb.db);
  return Object.fromEntries(rows.map((r) => [r.t, r.s]));
}

const changedTables = (before: Record<string, string>, after: Record<string, string>, ignore: RegExp = /$^/) =>
  Object.keys(after).filter((t) => after[t] !== before[t] && !ignore.test(t));

let state: FuzzState;

beforeAll(async () => {
  state = await startFuzzApp();
});
afterAll(async () => {
  if (state) await stopFuzzApp(state);
});

type Sender = Caller | 'anonymous';

function headersOf(caller: Sender): Record<string, string> {
  if (caller === 'anonymous') return {};
  const u = state.users[caller];
  return { authorization: `Bearer ${tokenFor(state.app, u.userId, u.role, u.entityId)}` };
}

/** The request of a route with one integer field set to value, the rest valid. */
function requestWith(route: RouteCatalogEntry, part: Part, at: IntegerFieldAt, value: unknown, seed: number): InjectOptions {
  const method = route.method as InjectOptions['method'];
  if (part === 'multipart') {
    const fields = withValue(validBase(MULTIPART[route.url], 'form', seed), at.path, value) as Record<string, string | number>;
    const { payload, headers } = multipartBody(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])), [
      { filename: 'notes.pdf', content: '%PDF-1.4 tiny', contentType: 'application/pdf' },
    ]);
    return { method, url: route.url, payload, headers };
  }
  const query = route.schema.querystring ? validBase(route.schema.querystring, 'query', seed) : undefined;
  const body = route.schema.body ? validBase(route.schema.body, 'body', seed) : undefined;
  const q = part === 'querystring' ? withValue(query, at.path, value) : query;
  const b = part === 'body' ? withValue(body, at.path, value) : body;
  return { method, url: `${route.url}${toQueryString(q)}`, ...(b === undefined ? {} : { payload: JSON.stringify(b), headers: { 'content-type': 'application/json' } }) };
}

/** Who sends a route's requests: no one signed in on a public route, else the admin where allowed, else the teacher. */
function callerOf(route: RouteCatalogEntry): Sender | null {
  if (route.public) return 'anonymous';
  return route.roles.includes('CompanyAdmin') ? 'admin' : route.roles.includes('Teacher') ? 'teacher' : null;
}

describe('ids and integer parameters take one spelling', () => {
  it('every number a route reads is an integer schema of shared-types (or a decimal such as a pay rate)', () => {
    const stray = state.app.routeCatalog.flatMap((r) =>
      [...Object.entries({ querystring: r.schema.querystring, body: r.schema.body }), ['multipart', MULTIPART[r.url]] as const]
        .flatMap(([part, schema]) => strayIntegers(schema).map((path) => `${r.method} ${r.url} ${part}.${path}`)));
    expect(stray).toEqual([]);
  });

  it('builds the OpenAPI document, describing every integer field of a query or JSON body as an integer with its bounds', async () => {
    const res = await state.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const notIntegers: string[] = [];
    let checked = 0;
    for (const route of state.app.routeCatalog) {
      const operation = doc.paths[route.url]?.[route.method.toLowerCase()];
      const described = [
        // A query's comma list of ids (teacherIds) is text on the wire; its items are not parameters.
        ...integerFieldsOf(route.schema.querystring).filter((at) => at.path.length === 1)
          .map((at) => ({ at, schema: operation?.parameters?.find((p) => p.in === 'query' && p.name === at.path[0])?.schema })),
        ...integerFieldsOf(route.schema.body).map((at) => ({ at, schema: schemaAt(operation?.requestBody?.content['application/json']?.schema, at.path) })),
      ];
      for (const { at, schema: found } of described) {
        const schema = withoutNull(found);
        // A form's numbers "as typed" are a number or text.
        if (at.field.form) continue;
        checked++;
        if (schema?.type !== 'integer' || schema.minimum !== at.field.min || schema.maximum !== at.field.max) {
          notIntegers.push(`${route.method} ${route.url} ${at.path.join('.')}: ${JSON.stringify(schema)}`);
        }
      }
    }
    expect(notIntegers).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('answers a misspelt or out-of-range integer with a 400 naming its field and writes nothing, on every route that takes one', { timeout: 900_000 }, async () => {
    const routes = state.app.routeCatalog.filter((r) => integerPartsOf(r).length > 0);
    // The sweep must reach every kind of route that takes an integer: a list filter, a form, a body list, the teacher's own.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([
      'GET /api/courses/getall', 'POST /api/classes/GenerateClasses', 'POST /api/classes/UpdateClassAttendenceMultiple', 'POST /api/sync/push', 'POST /api/files/Upload',
    ]));
    const failures: string[] = [];
    let sent = 0;
    let before = await tableSignatures(state);
    for (const route of routes) {
      const callers: Sender[] = [callerOf(route)].filter((c): c is Sender => c !== null);
      // A teacher too, on the teacher's own routes the admin may also call.
      if (callers[0] === 'admin' && route.roles.includes('Teacher')) callers.push('teacher');
      expect(callers.length, `${route.method} ${route.url} has no caller to test`).toBeGreaterThan(0);
      for (const caller of callers) {
        for (const { part, fields } of integerPartsOf(route)) {
          for (const at of fields) {
            const key = at.path.join('.');
            const label = `${caller} ${route.method} ${route.url} ${part}.${key}`;
            const send = async (value: unknown) => {
              const request = requestWith(route, part, at, value, 17);
              const res = await state.app.inject({ ...request, headers: { ...request.headers, ...headersOf(caller) } });
              sent++;
              const after = await tableSignatures(state);
              const changed = changedTables(before, after);
              before = after;
              const body = res.json() as { message?: string; fieldErrors?: Record<string, string[]> };
              const what = `${label} = ${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
              if (res.statusCode !== 400) throw new Error(`not a 400: ${what}`);
              const messages = body.fieldErrors?.[key] ?? [];
              if (messages.length === 0) throw new Error(`no fieldErrors.${key}: ${what}`);
              if (!body.message?.includes(key) && body.message !== messages[0]) throw new Error(`message does not name ${key}: ${what}`);
              if (changed.length > 0) throw new Error(`wrote ${changed.join(', ')}: ${what}`);
            };
            const { fixed, random } = refusedValues(at);
            const out = await fc.check(fc.asyncProperty(random, send), { numRuns: RUNS + fixed.length, examples: fixed.map((v) => [v]), seed: 17, endOnFailure: true });
            if (out.failed) failures.push(out.errorInstance instanceof Error ? out.errorInstance.message : `${label}: ${String(out.errorInstance)}`);
          }
        }
      }
    }
    expect(failures.join('\n\n')).toBe('');
    expect(sent).toBeGreaterThan(routes.length * 20);
  });

  // Some 150 pushes, each with every table's signature taken before and after: on a slow host longer than the default 30 s.
  it("refuses a misspelt id in an offline change's arguments: the change is rejected naming the field, nothing else written", { timeout: 300_000 }, async () => {
    const teacherId = state.users.teacher.entityId as number;
    // A register line the teacher may mark: a class that has started, of an Active course, not yet paid.
    const line = await state.testDb.db.selectFrom('classAttendance').innerJoin('classes', 'classes.classId', 'classAttendance.classId')
      .innerJoin('courses', 'courses.courseId', 'classes.courseId')
      .select(['classAttendance.classId', 'classAttendance.studentId', 'classAttendance.statusId', 'classAttendance.version'])
      .where('classes.teacherId', '=', teacherId).where('courses.courseStatusId', '=', CourseStatus.Active)
      .where('classes.statusId', 'in', [ClassStatus.Scheduled, ClassStatus.RequiresMarking, ClassStatus.Marked]).where('classes.startsAt', '<', new Date())
      .where('classAttendance.statusId', 'in', [AttendanceStatus.Pending, AttendanceStatus.Attended, AttendanceStatus.Absent]).executeTakeFirstOrThrow();
    const { classId, studentId } = line;
    const args = {
      markAttendance: { classId, studentId, statusId: line.statusId === AttendanceStatus.Attended ? AttendanceStatus.Absent : AttendanceStatus.Attended },
      markAllAttended: { classId, lines: [{ studentId, baseVersion: line.version }] },
      rescheduleClass: { classId, classDate: '2/3/2027 10:00', classLength: 60 },
      moveClassToEnd: { classId },
    };
    const clientId = randomUUID();
    let seq = 0;
    for (const [name, schema] of Object.entries(MUTATION_ARGS)) {
      for (const at of integerFieldsOf(schema)) {
        for (const value of refusedValues(at).fixed) {
          const before = await tableSignatures(state);
          const mutation = { mutationId: randomUUID(), seq: ++seq, name, args: withValue(args[name as keyof typeof args], at.path, value), baseVersion: 1, madeAt: new Date().toISOString() };
          const res = await state.app.inject({ method: 'POST', url: '/api/sync/push', headers: headersOf('teacher'), payload: { clientId, mutations: [mutation] } });
          const what = `${name}.${at.path.join('.')} = ${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBe(200);
          expect(res.json().results[0], what).toMatchObject({ status: 'rejected', message: expect.stringContaining(at.path.join('.')) });
          // The queue's own bookkeeping records the refusal (exactly once); nothing else moves.
          expect(changedTables(before, await tableSignatures(state), /^(applied_mutations|sync_clients)$/), what).toEqual([]);
        }
      }
    }
    expect(seq).toBeGreaterThan(30);
    // The same change spelt right is applied, and the check above sees its write.
    const before = await tableSignatures(state);
    const mutation = { mutationId: randomUUID(), seq: seq + 1, name: 'markAttendance', args: args.markAttendance, baseVersion: line.version, madeAt: new Date().toISOString() };
    const res = await state.app.inject({ method: 'POST', url: '/api/sync/push', headers: headersOf('teacher'), payload: { clientId, mutations: [mutation] } });
    expect(res.json().results[0].status, res.body).toBe('applied');
    expect(changedTables(before, await tableSignatures(state), /^(applied_mutations|sync_clients)$/)).toContain('class_attendance');
  });
});
