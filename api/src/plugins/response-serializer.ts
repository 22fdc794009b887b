import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema as FjsSchema } from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

// Response serialization. fastify-type-provider-zod's serializer runs z.safeEncode over every
// answer and then JSON.stringify: for the admin's course list at a school chain's size (533
// courses, 591 KB) that is ~6.6 ms of zod and 2.3 ms of stringify per request, and on the teacher's
// week ~7% of the API's CPU. Here each route's zod response schema is turned once, when the route
// is registered, into a JSON Schema (z.toJSONSchema, output side, draft-07) and compiled by
// fast-json-stringify, Fastify's own serializer. Like zod's encode it writes only the declared
// keys, so the extra columns services return (pricePence, time, lastClassAt...) stay out. The
// bytes parse to the same value as zod's; objects list required keys first (fast-json-stringify's
// order), so the key order can differ where an optional key is declared before a required one.
//
// Only schemas whose bytes we know to be the same take the fast path (see unsupportedReason):
// objects (zod's default strip mode), arrays, strings, numbers, booleans, null, literals, enums,
// nullable, optional properties, string-keyed records, unions of primitives, and z.unknown() or
// z.any() as property values. Anything else (transforms, pipes, codecs, .trim() and the other
// checks that rewrite the value on encode, dates, bigints, unions with objects, tuples, lazy,
// strict or loose objects...) keeps zod's serializer for that route.
//
// What zod's pass also did was check the answer: a string where a number is declared, a missing
// field, a null that may not be null became a 500 (ResponseSerializationError). In production
// that check is what we skip (it is the cost). fast-json-stringify still throws on some of these
// (a missing required field, a non-numeric string for a number, a non-array for an array); when it
// throws, the answer goes through zod, which answers as before (its bytes, or the 500). Other drift
// it writes coerced (a null string as "", 1 for a boolean as true, a number for a string as text).
// So outside production (NODE_ENV, as the app's config reads it: development and the whole test
// suite) `verify` runs both: zod's encode (its failure throws the same error as before, so tests
// keep catching contract drift) and the fast serializer, and it throws when the fast bytes do not
// parse to what zod's would have been. Every API test that reads an answer is thus a differential
// test of the bytes production sends.

export interface ResponseSerializerOptions {
  /** Also encode with zod; throw when zod refuses the answer or the fast bytes differ from zod's. */
  verify: boolean;
  /** Told, for every route schema compiled, whether it got the fast serializer and, if not, why. */
  onCompile?: (entry: CompiledSchemaReport) => void;
}

export interface CompiledSchemaReport {
  method: string;
  url: string;
  httpStatus: string | undefined;
  fast: boolean;
  reason?: string;
}

/** The fast serializer wrote an answer that does not parse to what zod's serializer would have written. */
export class FastSerializerMismatchError extends Error {
  override name = 'FastSerializerMismatchError';
}

type ZodSchema = z.core.$ZodType;
type Serialize = (data: unknown) => string;
type Compiled = { serialize: Serialize } | { reason: string };

// A zod schema's definition, as far as this file reads it.
interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  shape?: Record<string, ZodSchema>;
  catchall?: ZodSchema;
  element?: ZodSchema;
  innerType?: ZodSchema;
  options?: ZodSchema[];
  keyType?: ZodSchema;
  valueType?: ZodSchema;
  values?: unknown[];
  entries?: Record<string, unknown>;
}

const defOf = (schema: ZodSchema): Def => schema._zod.def as unknown as Def;

// Checks that only accept or refuse a value. 'overwrite' (.trim(), .toLowerCase()...) rewrites the
// value on encode too, so it is not here; neither is any kind this list does not know.
const READ_ONLY_CHECKS = new Set([
  'less_than', 'greater_than', 'multiple_of', 'number_format', 'max_length', 'min_length', 'length_equals',
  'string_format', 'regex', 'lowercase', 'uppercase', 'includes', 'starts_with', 'ends_with',
  'max_size', 'min_size', 'size_equals', 'custom',
]);

/**
 * Why fast-json-stringify might not write what zod's encode + JSON.stringify writes for this schema,
 * or null when it will. `property`: the schema is an object property's (or a record's) value, where
 * an undefined value is left out by both.
 */
function unsupportedReason(schema: ZodSchema, property: boolean, path: string): string | null {
  const def = defOf(schema);
  for (const check of def.checks ?? []) {
    const kind = check._zod.def.check;
    if (!READ_ONLY_CHECKS.has(kind)) return `${path}: ${kind} check`;
  }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return null;
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? def.values ?? [] : Object.values(def.entries ?? {});
      const kinds = new Set(values.map((v) => (v === null ? 'null' : typeof v)));
      if (kinds.size !== 1 || !['string', 'number', 'boolean', 'null'].includes([...kinds][0] ?? '')) {
        return `${path}: ${def.type} of ${[...kinds].join('/')} values`;
      }
      return null;
    }
    case 'unknown':
    case 'any':
      // {} in the JSON Schema: JSON.stringify(value) either way, but only where undefined is left out.
      return property ? null : `${path}: ${def.type} outside an object property`;
    case 'optional':
      return property ? unsupportedReason(def.innerType!, true, path) : `${path}: optional outside an object property`;
    case 'nullable':
    case 'readonly':
      return unsupportedReason(def.innerType!, property, path);
    case 'default':
      // Encoding does not fill a default (a missing value is refused); its JSON Schema `default`,
      // which fast-json-stringify would write, is dropped in toFastSchema.
      return unsupportedReason(def.innerType!, property, path);
    case 'object': {
      if (def.catchall !== undefined) return `${path}: object with a catchall (strict or loose)`;
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const reason = unsupportedReason(value, true, `${path}.${key}`);
        if (reason) return reason;
      }
      return null;
    }
    case 'array':
      return unsupportedReason(def.element!, false, `${path}[]`);
    case 'record': {
      const keyDef = defOf(def.keyType!);
      if (keyDef.type !== 'string' || (keyDef.checks ?? []).length > 0) return `${path}: record keys other than z.string()`;
      return unsupportedReason(def.valueType!, true, `${path}{}`);
    }
    case 'union': {
      // Only unions of primitives pass here; written by the value's JavaScript type.
      for (const option of def.options ?? []) {
        const optionType = defOf(option).type;
        if (!['string', 'number', 'boolean', 'null', 'literal', 'enum'].includes(optionType)) {
          return `${path}: union with a ${optionType} branch`;
        }
        const reason = unsupportedReason(option, false, `${path}|`);
        if (reason) return reason;
      }
      return null;
    }
    default:
      return `${path}: ${def.type}`;
  }
}

type JsonSchema = Record<string, unknown>;
type FastSchema = { type?: string | string[]; nullable?: boolean; properties?: Record<string, FastSchema>; required?: string[]; additionalProperties?: false | FastSchema; items?: FastSchema };

class Unsupported extends Error {}

// Keywords of z.toJSONSchema's output that do not change what is written (their values are checked
// by zod in verify mode, never by fast-json-stringify here).
const IGNORED_KEYWORDS = new Set([
  '$schema', 'description', 'title', 'examples', 'readOnly', 'const', 'enum', 'format', 'pattern',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength',
  'minItems', 'maxItems', 'propertyNames', 'default',
]);
const PRIMITIVE_TYPES = new Set(['string', 'number', 'boolean', 'null']);

/**
 * The JSON Schema fast-json-stringify gets: only the keywords that steer what it writes. Integers
 * are written as numbers (the value as it is, never rounded), literals and enums by their type
 * (the value as it is, not the schema's constant), nullable as `nullable: true` and unions of
 * primitives as a list of types, so nothing needs Ajv at run time.
 */
function toFastSchema(node: JsonSchema, path: string): FastSchema {
  for (const key of Object.keys(node)) {
    if (!IGNORED_KEYWORDS.has(key) && !['type', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'oneOf'].includes(key)) {
      throw new Unsupported(`${path}: JSON Schema keyword ${key}`);
    }
  }
  const branches = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (branches !== undefined) {
    if (node.type !== undefined || node.properties !== undefined || node.items !== undefined) throw new Unsupported(`${path}: anyOf beside a type`);
    const isNull = (b: JsonSchema) => b.type === 'null';
    const others = branches.filter((b) => !isNull(b)).map((b, i) => toFastSchema(b, `${path}|${i}`));
    const nullable = others.length < branches.length;
    if (others.length === 1) return nullable ? withNull(others[0]!) : others[0]!;
    const types = others.flatMap((o) => [...(Array.isArray(o.type) ? o.type : [o.type ?? '']), ...(o.nullable ? ['null'] : [])]);
    return primitiveTypes(types, nullable, path);
  }
  const type = node.type as string | string[] | undefined;
  if (Array.isArray(type)) return primitiveTypes(type, false, path);
  switch (type) {
    case undefined:
      if (node.properties !== undefined || node.items !== undefined || node.additionalProperties !== undefined) throw new Unsupported(`${path}: no type`);
      return {};
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type: type === 'integer' ? 'number' : type };
    case 'array': {
      const items = node.items as JsonSchema | undefined;
      if (items === null || typeof items !== 'object' || Array.isArray(items)) throw new Unsupported(`${path}: array without one items schema`);
      return { type: 'array', items: toFastSchema(items, `${path}[]`) };
    }
    case 'object': {
      const props = node.properties as Record<string, JsonSchema> | undefined;
      const extra = node.additionalProperties as JsonSchema | boolean | undefined;
      if (props !== undefined && extra !== undefined && extra !== false) throw new Unsupported(`${path}: properties with additionalProperties`);
      if (extra !== undefined && extra !== false) {
        if (extra === true) throw new Unsupported(`${path}: additionalProperties true`);
        return { type: 'object', additionalProperties: toFastSchema(extra, `${path}{}`) };
      }
      const properties: Record<string, FastSchema> = {};
      for (const [key, value] of Object.entries(props ?? {})) properties[key] = toFastSchema(value, `${path}.${key}`);
      // A z.unknown() property ({}) may be absent even when listed as required.
      const required = ((node.required ?? []) as string[]).filter((key) => properties[key] !== undefined && properties[key].type !== undefined);
      return { type: 'object', properties, required, additionalProperties: false };
    }
    default:
      throw new Unsupported(`${path}: type ${type}`);
  }
}

function withNull(schema: FastSchema): FastSchema {
  if (schema.type === undefined) return schema; // {}: JSON.stringify writes null as null
  return { ...schema, nullable: true };
}

// A union of primitives (or a nullable one) as fast-json-stringify's list of types: it picks the
// branch by the value's JavaScript type and writes the value as it is, whichever literal it is.
function primitiveTypes(types: string[], nullable: boolean, path: string): FastSchema {
  const distinct = new Set(types.map((t) => (t === 'integer' ? 'number' : t)));
  if (nullable) distinct.add('null');
  for (const t of distinct) if (!PRIMITIVE_TYPES.has(t)) throw new Unsupported(`${path}: union with a ${t || 'typeless'} branch`);
  const nonNull = [...distinct].filter((t) => t !== 'null');
  if (nonNull.length === 0) return { type: 'null' };
  if (nonNull.length === 1) return { type: nonNull[0]!, ...(distinct.has('null') ? { nullable: true } : {}) };
  return { type: [...distinct] };
}

// Compiled once per zod schema (ErrorBodySchema, say, serves hundreds of route and status pairs).
const compiledBySchema = new WeakMap<ZodSchema, Compiled>();

function compileFast(schema: ZodSchema): Compiled {
  const cached = compiledBySchema.get(schema);
  if (cached) return cached;
  let compiled: Compiled;
  const reason = unsupportedReason(schema, false, '$');
  if (reason) {
    compiled = { reason };
  } else {
    try {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-07' }) as JsonSchema;
      compiled = { serialize: fastJson(toFastSchema(json, '$') as FjsSchema) as Serialize };
    } catch (err) {
      compiled = { reason: err instanceof Unsupported ? err.message : `conversion failed: ${(err as Error).message}` };
    }
  }
  compiledBySchema.set(schema, compiled);
  return compiled;
}

type SchemaArg = Parameters<typeof zodSerializerCompiler>[0];

/** A serializer compiler with fastify-type-provider-zod's signature; see the comment at the top. */
export function createResponseSerializer(options: ResponseSerializerOptions): FastifySerializerCompiler<SchemaArg['schema']> {
  return (routeSchema: SchemaArg) => {
    const { schema: maybeSchema, method, url, httpStatus } = routeSchema;
    // zod's own serializer: the fallback, and the one that refuses schemas that are not zod.
    const zodSerialize = zodSerializerCompiler(routeSchema) as Serialize;
    const schema = resolveZodSchema(maybeSchema);
    const compiled: Compiled = schema ? compileFast(schema) : { reason: 'not a zod schema' };
    options.onCompile?.({ method, url, httpStatus, fast: 'serialize' in compiled, ...('reason' in compiled ? { reason: compiled.reason } : {}) });
    if (!('serialize' in compiled) || !schema) return zodSerialize;
    const fast = compiled.serialize;

    if (!options.verify) {
      return (data) => {
        try {
          return fast(data);
        } catch {
          // The answer breaks the contract in a way fast-json-stringify notices: zod decides.
          return zodSerialize(data);
        }
      };
    }

    return (data) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const where = `${method} ${url} (${httpStatus ?? 'default'})`;
      let written: string;
      try {
        written = fast(data);
      } catch (err) {
        throw new FastSerializerMismatchError(`${where}: the fast serializer threw on an answer zod accepts: ${(err as Error).message}`, { cause: err });
      }
      const expected: unknown = JSON.parse(JSON.stringify(result.data));
      let actual: unknown;
      try {
        actual = JSON.parse(written);
      } catch (err) {
        throw new FastSerializerMismatchError(`${where}: the fast serializer wrote invalid JSON`, { cause: err });
      }
      if (!isDeepStrictEqual(actual, expected)) {
        throw new FastSerializerMismatchError(`${where}: the fast serializer wrote ${written.slice(0, 300)}, zod ${JSON.stringify(expected).slice(0, 300)}`);
      }
      return written;
    };
  };
}

function resolveZodSchema(maybeSchema: unknown): ZodSchema | null {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.core.$ZodType ? properties : null;
}

