import fc from 'fast-check';
import type { Field, Shape } from './zod-shape.js';

// Bad requests built from a route's schemas. Most requests are "nearly right": plausible values in
// every field but one or two nasty ones, so the request gets past the obvious checks and reaches
// the service and the database, where a 500 or a half-done write would hide.

export const HUGE = 'x'.repeat(100_000);

/** Strings that break parsers, databases and pages when trusted. */
export const NASTY_STRINGS = [
  '', ' ', HUGE, `${'é'.repeat(5_000)}`,
  "' OR '1'='1", "1; DROP TABLE students; --", "Robert'); DELETE FROM users; --", '" OR ""="', '\\', "'", '%', '_',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg/onload=alert(1)>',
  '31/02/2026', '2026-13-01', '29/02/2027', '00/00/0000', '32/1/2026', 'yesterday', '1/1/99999', '1/1/0001', '31/12/9999', '0001-01-01', '9999-12-31T23:59:59Z', '2026-02-30T25:61:00Z',
  'NaN', 'Infinity', '-Infinity', '-1', '0', '1e308', '9223372036854775808', '2147483648', '1.5', '0x1F', '１２',
  'null', 'undefined', 'true', '[object Object]', '{"$gt":""}', '../../etc/passwd', '\u0000', 'a\u0000b', '\uD800', '🙂'.repeat(50),
  '25:00', '10:60', '-5:00',
] as const;

/** Numbers no field should take on trust. */
export const NASTY_NUMBERS = [-1, 0, -0, 1e308, -1e308, 2 ** 63, 2 ** 31, 2 ** 53 + 2, 1.5, -(2 ** 31) - 1, Number.MAX_VALUE] as const;

const NASTY_OTHERS: unknown[] = [null, true, false, [], {}, [1, 2], { $gt: '' }, { id: 1 }, [HUGE]];

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_OTHERS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

/** A value the field would plausibly accept, guessed from its name and shape. */
export function plausible(shape: Shape, name: string, depth = 0): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'object':
      return plausibleObject(shape.fields, depth);
    case 'array':
      return fc.array(plausible(shape.of, name, depth + 1), { minLength: 1, maxLength: depth > 1 ? 1 : 3 });
    case 'number':
      return /id$/i.test(name) ? fc.integer({ min: 1, max: 6 }) : fc.integer({ min: 0, max: 100 });
    case 'boolean':
      return fc.boolean();
    case 'choice':
      return fc.constantFrom(...shape.values);
    case 'union':
      return fc.oneof(...shape.options.map((o) => plausible(o, name, depth)));
    case 'string':
      return plausibleString(name);
    case 'any':
      return fc.oneof(fc.integer({ min: 1, max: 6 }), plausibleString(name));
  }
}

function plausibleString(name: string): fc.Arbitrary<string> {
  if (/time$/i.test(name)) return fc.constantFrom('10:00', '7:05', '23:55');
  if (/date|^start$|^end$|period/i.test(name)) return fc.constantFrom('1/3/2026', '28/2/2027', '2026-03-01', '31/12/2030');
  if (/email/i.test(name)) return fc.constantFrom('someone@example.test', 'teacher@demo.rollbook.test');
  if (/id$/i.test(name)) return fc.integer({ min: 1, max: 6 }).map(String);
  if (/clientId|mutationId/i.test(name)) return fc.uuid();
  return fc.constantFrom('Alpha', 'Test value', 'a', 'Ünïcödé name');
}

function plausibleObject(fields: Record<string, Field>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, field] of Object.entries(fields)) required[name] = plausible(field.shape, name, depth + 1);
  const optionalKeys = Object.entries(fields).filter(([, f]) => f.optional).map(([n]) => n);
  return fc.record(required, { requiredKeys: Object.keys(fields).filter((n) => !optionalKeys.includes(n)) });
}

export type Mutation =
  | { kind: 'nasty'; path: string[]; value: unknown }
  | { kind: 'drop'; path: string[] }
  | { kind: 'extra'; name: string; value: unknown };

/** Every field path of an object shape (nested objects and the first element of arrays), with its shape. */
export function fieldPaths(shape: Shape, prefix: string[] = [], depth = 0): [string[], Shape][] {
  if (depth > 4) return [];
  if (shape.kind === 'object') {
    return Object.entries(shape.fields).flatMap(([name, f]): [string[], Shape][] => [[[...prefix, name], f.shape], ...fieldPaths(f.shape, [...prefix, name], depth + 1)]);
  }
  if (shape.kind === 'array') return fieldPaths(shape.of, [...prefix, '0'], depth + 1);
  return [];
}

/** Numbers just past what a field or a database column holds, as numbers and as text. */
const EDGE_NUMBERS: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom('2147483648', '-2147483649', '9223372036854775808', '1e308', 'NaN', '-1', '1.5', ' 7 ', '0x10'),
);

/** A nasty value suited to what the field holds: numbers get edge numbers more often. */
const numeric = (shape: Shape): boolean => shape.kind === 'number' || (shape.kind === 'union' && shape.options.some(numeric));
const nastyFor = (shape: Shape): fc.Arbitrary<unknown> =>
  numeric(shape) ? fc.oneof({ weight: 3, arbitrary: EDGE_NUMBERS }, { weight: 1, arbitrary: nastyValue }) : nastyValue;

export function mutationArb(shape: Shape): fc.Arbitrary<Mutation> {
  const paths = fieldPaths(shape);
  const extra = fc.record({ kind: fc.constant('extra' as const), name: fc.constantFrom('__proto__x', 'isAdmin', 'userId', 'role', 'extra'), value: nastyValue });
  if (paths.length === 0) return extra;
  const field = fc.constantFrom(...paths);
  return fc.oneof(
    { weight: 6, arbitrary: field.chain(([path, fieldShape]) => nastyFor(fieldShape).map((value) => ({ kind: 'nasty' as const, path, value }))) },
    { weight: 2, arbitrary: field.map(([path]) => ({ kind: 'drop' as const, path })) },
    { weight: 1, arbitrary: extra },
  );
}

/** Applies mutations to a deep copy of a plausible value (missing intermediate objects are created). */
export function applyMutations(value: unknown, mutations: Mutation[]): unknown {
  const root = structuredClone(value) as Record<string, unknown>;
  if (typeof root !== 'object' || root === null) return root;
  for (const m of mutations) {
    if (m.kind === 'extra') {
      root[m.name] = m.value;
      continue;
    }
    let node: Record<string, unknown> = root;
    for (const key of m.path.slice(0, -1)) {
      const next = node[key];
      if (typeof next !== 'object' || next === null) node[key] = /^\d+$/.test(key) ? [] : {};
      node = node[key] as Record<string, unknown>;
    }
    const last = m.path[m.path.length - 1] as string;
    if (m.kind === 'drop') delete node[last];
    else node[last] = m.value;
  }
  return root;
}

/** A query string from an object: arrays repeat the key, objects go as JSON, the rest as text. */
export function toQueryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Query strings no parser should trip on. */
export const RAW_QUERIES = [
  '?id[]=1&id[]=2', '?id[$gt]=0', '?%', '?%zz=1', '?id=%00', '?=&=&', `?id=${'9'.repeat(400)}`, '?id=1&id=2&id=x',
  '?__proto__[admin]=1', '?constructor[prototype][x]=1', '?id=1%27%20OR%201%3D1', '?;;;', `?q=${encodeURIComponent(HUGE)}`,
];

/** Bodies that are not the JSON the route expects, each with the content type it is sent under. */
export const RAW_BODIES: { contentType?: string; body: string | Buffer }[] = [
  { contentType: 'application/json', body: '{"title":' },
  { contentType: 'application/json', body: '{"a":1}}' },
  { contentType: 'application/json', body: "{'single':'quotes'}" },
  { contentType: 'application/json', body: 'undefined' },
  { contentType: 'application/json', body: '' },
  { contentType: 'application/json', body: 'null' },
  { contentType: 'application/json', body: '"just a string"' },
  { contentType: 'application/json', body: '12345678901234567890' },
  { contentType: 'application/json', body: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]' },
  { contentType: 'application/json', body: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', body: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
  { contentType: 'application/json; charset=latin1', body: '{"a":"\u00e9"}' },
  { contentType: 'text/plain', body: '{"id":1}' },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'id=1&title=x' },
  { contentType: 'multipart/form-data; boundary=----x', body: '------x\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n------x--\r\n' },
  { contentType: 'multipart/form-data', body: 'no boundary at all' },
  { contentType: 'application/xml', body: '<id>1</id>' },
  { contentType: 'application/json', body: `{"a":"${'y'.repeat(2 * 1024 * 1024)}"}` },
  { body: '{"id":1}' },
];
