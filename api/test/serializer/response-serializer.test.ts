import type { FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CourseListQuerySchema, CourseListResponseSchema } from '@rollbook/shared-types/courses';
import { getCourseList } from '../../src/modules/courses/courses.service.js';
import { answerWithList, createResponseSerializer, JsonText, type CompiledSchemaReport } from '../../src/plugins/response-serializer.js';
import { createCast, createCourse, createTeachingSetup, type Cast } from '../helpers/scheduling-factories.js';
import { buildTestApp, useTestApp } from '../helpers/test-app.js';

/** Compiles `schema` as Fastify would for one route; `reports` gets what the compiler said. */
function compile(schema: z.ZodType, verify: boolean, reports: CompiledSchemaReport[] = []) {
  const compiler = createResponseSerializer({ verify, onCompile: (r) => reports.push(r) });
  return compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
}

/** What the zod serializer (encode, then JSON.stringify) writes, parsed. */
const zodAnswer = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(z.encode(schema, data)));

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('did not throw');
}

const Item = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  company: z.object({ code: z.string(), city: z.string().nullable() }).nullable(),
  nickname: z.string().optional(),
  tags: z.array(z.string()),
  status: z.enum(['Draft', 'Active']),
  kind: z.literal('course'),
});
const List = z.object({ items: z.array(Item), total: z.number().int() });

const row = (over: Record<string, unknown> = {}) => ({
  id: 1, name: 'Algebra "one"\n', note: null, company: null, tags: ['a', 'b'], status: 'Active', kind: 'course', ...over,
});

describe('answerWithList', () => {
  it('puts the list PostgreSQL wrote first and the other fields after it, as valid JSON', () => {
    expect(JSON.parse(answerWithList('courses', '[{"courseId":1}]', { total: 1, page: 2, next: undefined }).text))
      .toEqual({ courses: [{ courseId: 1 }], total: 1, page: 2 });
    expect(answerWithList('courses', '[]', { total: 0 }).text).toBe('{"courses":[],"total":0}');
  });

  it('writes an answer of the list alone when there is nothing else', () => {
    expect(answerWithList('classes', '[]', {}).text).toBe('{"classes":[]}');
  });
});

describe.each([true, false])('the fast serializer (verify %s)', (verify) => {
  it('compiles a plain list schema to the fast path', () => {
    const reports: CompiledSchemaReport[] = [];
    compile(List, verify, reports);
    expect(reports).toEqual([{ method: 'GET', url: '/test', httpStatus: '200', fast: true }]);
  });

  it('leaves out keys the schema does not declare, at every depth', () => {
    const data = { items: [row({ pricePence: 5000, time: '09:00', company: { code: 'AC', city: 'Leeds', secret: 1 } })], total: 1, lastClassAt: new Date() };
    const written = compile(List, verify)(data);
    expect(JSON.parse(written)).toEqual(zodAnswer(List, data));
    expect(written).not.toMatch(/pricePence|time|secret|lastClassAt/);
  });

  it('keeps null where the schema allows it, for strings and objects', () => {
    const data = { items: [row({ note: null, company: null }), row({ id: 2, note: 'n', company: { code: 'X', city: null } })], total: 2 };
    const parsed = JSON.parse(compile(List, verify)(data));
    expect(parsed).toEqual(zodAnswer(List, data));
    expect(parsed.items[0]).toMatchObject({ note: null, company: null });
    expect(parsed.items[1].company).toEqual({ code: 'X', city: null });
  });

  it('leaves an absent optional field absent, and writes it when present', () => {
    const data = { items: [row(), row({ id: 2, nickname: 'Al' }), row({ id: 3, nickname: undefined })], total: 3 };
    const parsed = JSON.parse(compile(List, verify)(data));
    expect(parsed).toEqual(zodAnswer(List, data));
    expect('nickname' in parsed.items[0]).toBe(false);
    expect(parsed.items[1].nickname).toBe('Al');
    expect('nickname' in parsed.items[2]).toBe(false);
  });

  it('writes nested arrays, numbers as numbers and strings as strings', () => {
    const Grid = z.object({ rows: z.array(z.array(z.object({ n: z.number(), s: z.string(), b: z.boolean() }))) });
    const data = { rows: [[{ n: 0, s: '0', b: false }, { n: -1.5, s: '', b: true }], [], [{ n: 1e21, s: 'é 😀 \u2028', b: true, x: 1 }]] };
    const written = compile(Grid, verify)(data);
    expect(JSON.parse(written)).toEqual(zodAnswer(Grid, data));
    expect(written).toContain('"n":0,"s":"0"');
  });

  it('writes unions of primitives and of literals by the value', () => {
    const U = z.object({
      id: z.union([z.string(), z.number()]),
      v: z.union([z.literal('a'), z.literal(2), z.null()]),
      w: z.string().nullish(),
    });
    const compiled = compile(U, verify);
    for (const data of [{ id: 'x', v: 'a', w: null }, { id: 3, v: 2 }, { id: 0, v: null, w: 'w' }]) {
      expect(JSON.parse(compiled(data))).toEqual(zodAnswer(U, data));
    }
  });

  it('writes records of string keys and the error body', () => {
    const ErrorBody = z.object({ message: z.string(), code: z.string(), fieldErrors: z.record(z.string(), z.array(z.string())).optional() });
    const compiled = compile(ErrorBody, verify);
    for (const data of [{ message: 'm', code: 'C' }, { message: 'm', code: 'C', fieldErrors: { 'a.b': ['x', 'y'], c: [] } }]) {
      expect(JSON.parse(compiled(data))).toEqual(zodAnswer(ErrorBody, data));
    }
  });

  it('keeps zod\'s serializer for schemas JSON Schema can not describe, and those still work', () => {
    const cases: { schema: z.ZodType; data: unknown; reason: RegExp }[] = [
      { schema: z.object({ at: z.date() }), data: { at: new Date('2026-01-02T03:04:05Z') }, reason: /Date cannot be represented/ },
      { schema: z.object({ name: z.string().trim() }), data: { name: '  padded ' }, reason: /rewrites the value/ },
      { schema: z.object({ name: z.string().pipe(z.string().toLowerCase()) }), data: { name: 'MiXed' }, reason: /rewrites the value/ },
      { schema: z.object({ n: z.bigint().optional() }), data: {}, reason: /BigInt cannot be represented/ },
      { schema: z.object({ d: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) }), data: { d: new Date(0) }, reason: /Date cannot be represented/ },
    ];
    for (const { schema, data, reason } of cases) {
      const reports: CompiledSchemaReport[] = [];
      const written = compile(schema, verify, reports)(data);
      expect(reports[0]?.fast, String(reason)).toBe(false);
      expect(reports[0]?.reason).toMatch(reason);
      expect(written).toBe(JSON.stringify(z.encode(schema, data)));
    }
    expect(compile(z.object({ name: z.string().trim() }), verify)({ name: '  padded ' })).toBe('{"name":"padded"}');
  });

  it('hands an answer fast-json-stringify can not place to zod: a union of objects given extra keys', () => {
    const Either = z.discriminatedUnion('k', [z.object({ k: z.literal('a'), n: z.number() }), z.object({ k: z.literal('b'), s: z.string() })]);
    const reports: CompiledSchemaReport[] = [];
    const serialize = compile(Either, verify, reports);
    expect(reports[0]?.fast).toBe(true);
    for (const data of [{ k: 'b', s: 's', extra: 1 }, { k: 'a', n: 1 }]) {
      expect(JSON.parse(serialize(data))).toEqual(zodAnswer(Either, data));
    }
  });

  it('answers a missing required field as zod did: ResponseSerializationError (a 500)', () => {
    const err = thrown(() => compile(List, verify)({ items: [{ ...row(), name: undefined }], total: 1 }));
    expect(isResponseSerializationError(err as Error)).toBe(true);
  });
});

describe('checking against zod', () => {
  it('in verify mode, a string where a number is declared is refused as before', () => {
    const err = thrown(() => compile(List, true)({ items: [row({ id: '7' })], total: 1 }));
    expect(isResponseSerializationError(err as Error)).toBe(true);
  });

  it('in production mode the answer is not checked: the fast serializer writes it as its schema types say', () => {
    const serialize = compile(List, false);
    // A fraction in an integer field is written as an integer (fast-json-stringify truncates), a number in a string field as text.
    expect(JSON.parse(serialize({ items: [row({ id: 7.5, name: 42 })], total: 1 })).items[0]).toMatchObject({ id: 7, name: '42' });
    // What fast-json-stringify itself refuses still goes to zod, and so to a 500.
    const err = thrown(() => serialize({ items: [row({ id: 'seven' })], total: 1 }));
    expect(isResponseSerializationError(err as Error)).toBe(true);
  });
});

describe('an answer PostgreSQL wrote as JSON (JsonText)', () => {
  const text = JSON.stringify({ items: [row(), row({ id: 2, company: { code: 'AC', city: null } })], total: 2 });

  it.each([true, false])('is sent as it is, byte for byte (verify %s), on fast and zod-only schemas', (verify) => {
    expect(compile(List, verify)(new JsonText(text))).toBe(text);
    const zodOnly = z.object({ name: z.string(), at: z.date().optional() });
    expect(compile(zodOnly, verify)(new JsonText('{"name":"x"}'))).toBe('{"name":"x"}');
  });

  it('is held to the schema in verify mode: a field missing, one extra or of the wrong type is refused', () => {
    const serialize = compile(List, true);
    const missing = thrown(() => serialize(new JsonText(JSON.stringify({ items: [{ ...row(), name: undefined }], total: 1 }))));
    expect(isResponseSerializationError(missing as Error)).toBe(true);
    const wrongType = thrown(() => serialize(new JsonText(JSON.stringify({ items: [row({ id: '7' })], total: 1 }))));
    expect(isResponseSerializationError(wrongType as Error)).toBe(true);
    expect(thrown(() => serialize(new JsonText(JSON.stringify({ items: [row({ pricePence: 1 })], total: 1 }))))).toMatchObject({ name: 'FastSerializerMismatchError' });
  });
});

describe('GET /api/courses/getall through the real app', () => {
  const ctx = useTestApp();
  let production: FastifyInstance;
  let cast: Cast;

  beforeAll(async () => {
    production = await buildTestApp(ctx.db, { env: 'production' });
    cast = await createCast(ctx.db, ctx.app);
    await createCourse(ctx.db, { companyId: null, title: 'Private "quoted" course' });
    await createCourse(ctx.db, { statusId: 1 });
    await createTeachingSetup(ctx.db, { teacherId: cast.teacherId, studentId: cast.studentId });
  });
  afterAll(async () => {
    await production?.close();
  });

  it('answers what the zod serializer would, in test and in production mode, the text PostgreSQL wrote as it is', async () => {
    const query = { statusId: '-1' };
    const data = await getCourseList(ctx.db, CourseListQuerySchema.parse(query));
    // The service's answer is PostgreSQL's JSON text (course-answers.ts), not objects to serialize.
    if (!(data instanceof JsonText)) throw new Error('the courses list is no longer JsonText: pick another route');
    const parsed = JSON.parse(data.text) as z.infer<typeof CourseListResponseSchema>;
    expect(parsed.courses.length).toBeGreaterThanOrEqual(3);
    const expected = JSON.parse(JSON.stringify(z.encode(CourseListResponseSchema, parsed)));
    expect(parsed).toEqual(expected);
    expect(expected.courses.some((c: { company: unknown }) => c.company === null)).toBe(true);

    for (const target of [ctx.app, production]) {
      const res = await target.inject({ method: 'GET', url: '/api/courses/getall?statusId=-1', headers: cast.headers.admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
      expect(res.body).toBe(data.text);
    }
  });
});
