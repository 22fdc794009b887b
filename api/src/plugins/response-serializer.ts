import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema as FjsSchema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

// Response serialization. fastify-type-provider-zod's serializer runs z.safeEncode over every
// answer and then JSON.stringify: for the admin's course list at a school chain's size (533
// courses, 591 KB) that is ~6.6 ms of zod and 2.3 ms of stringify per request, and on the teacher's
// week ~7% of the API's CPU. So each route's zod response schema is turned once, when the route is
// registered, into JSON Schema by zod itself (z.toJSONSchema, output side) and compiled by
// fast-json-stringify, Fastify's own serializer. Like zod's encode it writes only the declared
// keys, so the extra columns services return (pricePence, time, lastClassAt...) stay out.
//
// The OpenAPI 3.0 target writes a nullable value as `nullable: true` beside its type, which
// fast-json-stringify writes directly; draft-07's `anyOf: [..., {type: null}]` would make it run
// Ajv on every nullable value. What JSON Schema cannot say keeps zod's serializer for that route:
// z.toJSONSchema refuses transforms, dates, bigints and custom types, and a check that rewrites
// the value on encode (.trim(), .toLowerCase(), .overwrite()) is the one thing it leaves out
// silently, so `override` looks for it.
//
// What zod's pass also did was check the answer: a string where a number is declared, a missing
// field, a null that may not be null became a 500 (ResponseSerializationError). In production that
// check is what we skip (it is the cost). fast-json-stringify still throws on some of these (a
// missing required field, a non-numeric string for a number), and on shapes it cannot pick a branch
// for (a union of objects given extra keys); then the answer goes through zod, which answers as
// before (its bytes, or the 500). So outside production (NODE_ENV as the app's config reads it:
// development and the whole test suite) `verify` runs both: zod's serializer (its failure throws
// the same error as before, so tests keep catching contract drift) and production's, and it throws
// when production's bytes do not parse to what zod's are. Every API test that reads an answer is
// thus a differential test of the bytes production sends.

export interface ResponseSerializerOptions {
  /** Also serialize with zod; throw when zod refuses the answer or the fast bytes differ from zod's. */
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

/**
 * An answer PostgreSQL has already written as JSON, for a list whose rows would otherwise be read
 * into objects only to be written out again: the serializer sends its text as it is. Outside
 * production it is checked like any other answer: zod's serializer over its parsed value must
 * write the same (no field missing, none extra, every type the schema's).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * An answer whose list `key` PostgreSQL wrote as JSON text, first as in the schema, and the rest of
 * its fields after it (JSON.stringify's text of `rest` without its opening brace).
 */
export function answerWithList(key: string, listJson: string, rest: Record<string, unknown>): JsonText {
  const tail = JSON.stringify(rest).slice(1);
  return new JsonText(`{${JSON.stringify(key)}:${listJson}${tail === '}' ? '' : ','}${tail}`);
}

/** A route's answer that may be JsonText, typed as the schema's answer for the handler to return. */
export const asAnswer = <T>(answer: T | JsonText): T => answer as T;

/** The fast serializer wrote an answer that does not parse to what zod's serializer writes. */
export class FastSerializerMismatchError extends Error {
  override name = 'FastSerializerMismatchError';
}

type Serialize = (data: unknown) => string;
type Compiled = { serialize: Serialize } | { reason: string };

// The JSON Schemas are built from an empty registry: descriptions and ids written for the OpenAPI
// document do not change what is written, and ids would turn shared schemas into $refs.
const NO_METADATA = z.registry<Record<string, unknown>>();

function toJsonSchema(schema: z.core.$ZodType): FjsSchema {
  return z.toJSONSchema(schema, {
    io: 'output',
    target: 'openapi-3.0',
    metadata: NO_METADATA,
    override: ({ zodSchema }) => {
      const checks = zodSchema instanceof z.ZodType ? zodSchema.def.checks : undefined;
      if (checks?.some((check) => check instanceof z.core.$ZodCheckOverwrite)) {
        throw new Error('a check that rewrites the value (.trim(), .toLowerCase()...) cannot be represented in JSON Schema');
      }
    },
  }) as FjsSchema;
}

// Compiled once per zod schema (ErrorBodySchema, say, serves hundreds of route and status pairs).
const compiledBySchema = new WeakMap<z.core.$ZodType, Compiled>();

function compileFast(schema: z.core.$ZodType): Compiled {
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    try {
      compiled = { serialize: fastJson(toJsonSchema(schema)) as Serialize };
    } catch (err) {
      compiled = { reason: (err as Error).message };
    }
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

type SchemaArg = Parameters<typeof zodSerializerCompiler>[0];

/** A serializer compiler with fastify-type-provider-zod's signature; see the comment at the top. */
export function createResponseSerializer(options: ResponseSerializerOptions): FastifySerializerCompiler<SchemaArg['schema']> {
  return (routeSchema: SchemaArg) => {
    const { schema, method, url, httpStatus } = routeSchema;
    // zod's own serializer: the fallback, and the one that refuses schemas that are not zod.
    const zodSerialize = zodSerializerCompiler(routeSchema) as Serialize;
    const compiled: Compiled = schema instanceof z.core.$ZodType ? compileFast(schema) : { reason: 'not a zod schema' };
    options.onCompile?.({ method, url, httpStatus, fast: 'serialize' in compiled, ...('reason' in compiled ? { reason: compiled.reason } : {}) });
    const fast = 'serialize' in compiled ? compiled.serialize : null;
    const production: Serialize = (data) => {
      if (data instanceof JsonText) return data.text;
      if (!fast) return zodSerialize(data);
      try {
        return fast(data);
      } catch {
        // The answer breaks the contract in a way fast-json-stringify notices, or is a shape it
        // can not pick a branch for (an object union with extra keys): zod decides.
        return zodSerialize(data);
      }
    };
    if (!options.verify) return production;

    const where = `${method} ${url} (${httpStatus ?? 'default'})`;
    return (data) => {
      const expected = zodSerialize(data instanceof JsonText ? JSON.parse(data.text) : data);
      const written = production(data);
      if (written !== expected && !isDeepStrictEqual(parsedOrError(written), JSON.parse(expected))) {
        throw new FastSerializerMismatchError(`${where}: the fast serializer wrote ${written.slice(0, 300)}, zod ${expected.slice(0, 300)}`);
      }
      return written;
    };
  };
}

/** Invalid JSON parses to its error, which equals no answer zod writes. */
function parsedOrError(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    return err;
  }
}
