import { integerFields, type IntegerField } from '@rollbook/shared-types/integers';
import fc from 'fast-check';
import { plausible } from './bad-requests.js';
import { isZod, shapeOf, ZOD_WRAPPERS, type ZodLike } from './zod-shape.js';

// The integer fields of a route's zod schemas, found through shared-types' registry of the schemas
// its integers.ts builds, and a request that is valid in every one of them, to spoil one at a time.

export interface IntegerFieldAt {
  path: string[];
  field: IntegerField;
}

/** Every child schema a walk goes into, with the path segment it adds. */
function children(schema: ZodLike): [string | null, unknown][] {
  const def = schema._zod.def;
  if (def.type === 'object') return Object.entries(def.shape as Record<string, unknown>);
  if (def.type === 'array') return [['0', def.element]];
  if (ZOD_WRAPPERS.has(def.type)) return [[null, def.innerType]];
  if (def.type === 'pipe') return [[null, def.in], [null, def.out]];
  if (def.type === 'union') return (def.options as unknown[]).map((o) => [null, o]);
  if (def.type === 'lazy') return [[null, (def.getter as () => unknown)()]];
  return [];
}

/** The integer fields of a schema, each once, with its path ('0' for an array's items). */
export function integerFieldsOf(schema: unknown, path: string[] = [], depth = 0): IntegerFieldAt[] {
  if (!isZod(schema) || depth > 20) return [];
  const field = integerFields.get(schema as never);
  if (field) return [{ path, field }];
  const found = children(schema).flatMap(([segment, child]) => integerFieldsOf(child, segment === null ? path : [...path, segment], depth + 1));
  return found.filter((f, i) => found.findIndex((g) => g.path.join('.') === f.path.join('.')) === i);
}

/**
 * Numbers an input schema reads that no integer schema of shared-types built: any such field reads
 * integers its own way. A float (no integer check) is not an integer field and is left alone.
 */
export function strayIntegers(schema: unknown, path: string[] = [], depth = 0): string[] {
  if (!isZod(schema) || depth > 20 || integerFields.get(schema as never)) return [];
  const def = schema._zod.def;
  if (def.type === 'number') {
    const checks = (def.checks ?? []) as ZodLike[];
    const integer = def.coerce === true || String(def.format ?? '').includes('int') || checks.some((c) => String(c._zod.def.format ?? '').includes('int'));
    return integer ? [path.join('.') || '(root)'] : [];
  }
  return children(schema).flatMap(([segment, child]) => strayIntegers(child, segment === null ? path : [...path, segment], depth + 1));
}

/** A value of the rule that every schema takes: the first listed, else the lowest (0 for a notice stream, so it ends at once). */
export const validInteger = (field: IntegerField): number => field.values?.[0] ?? field.min;

/** A request body or query valid in every integer field, the rest plausible (bad-requests.ts). */
export function validBase(schema: unknown, name: string, seed: number, depth = 0): unknown {
  if (!isZod(schema) || depth > 20) return undefined;
  const field = integerFields.get(schema as never);
  if (field) return validInteger(field);
  const def = schema._zod.def;
  if (def.type === 'object') {
    return Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([key, child]) => [key, validBase(child, key, seed, depth + 1)]));
  }
  if (def.type === 'array') return [validBase(def.element, name, seed, depth + 1)];
  if (ZOD_WRAPPERS.has(def.type)) return validBase(def.innerType, name, seed, depth + 1);
  if (def.type === 'pipe') {
    const inner = def.in as ZodLike;
    return validBase(inner._zod.def.type === 'transform' ? def.out : inner, name, seed, depth + 1);
  }
  if (def.type === 'union') return validBase((def.options as unknown[])[0], name, seed, depth + 1);
  return fc.sample(plausible(shapeOf(schema), name), { numRuns: 1, seed })[0];
}

/** A deep copy of value with the field at path set. */
export function withValue(value: unknown, path: string[], replacement: unknown): unknown {
  const root = structuredClone(value) as Record<string, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1] as string] = replacement;
  return root;
}
