// What a route's zod schema asks for, reduced to the little the fuzzer needs: which fields exist,
// which are required, and roughly what each holds. Read from zod 4's own definitions (`_zod.def`),
// so a route's schema change is picked up without touching the tests.

export type Shape =
  | { kind: 'object'; fields: Record<string, Field> }
  | { kind: 'array'; of: Shape }
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'choice'; values: unknown[] }
  | { kind: 'union'; options: Shape[] }
  | { kind: 'any' };

export interface Field {
  shape: Shape;
  optional: boolean;
}

export interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string }; optin?: string };
}

export const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as ZodLike)._zod?.def?.type === 'string';

/** Schemas that wrap one other (`def.innerType`) and read what it reads. */
export const ZOD_WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The input side of a zod schema as a Shape (unknown constructs become 'any'). */
export function shapeOf(schema: unknown, depth = 0): Shape {
  if (!isZod(schema) || depth > 12) return { kind: 'any' };
  const def = schema._zod.def;
  if (ZOD_WRAPPERS.has(def.type)) return shapeOf(def.innerType, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields: Record<string, Field> = {};
      for (const [name, child] of Object.entries(shape)) {
        fields[name] = { shape: shapeOf(child, depth + 1), optional: isZod(child) && child._zod.optin === 'optional' };
      }
      return { kind: 'object', fields };
    }
    case 'array':
      return { kind: 'array', of: shapeOf(def.element, depth + 1) };
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'choice', values: Object.values(def.entries as Record<string, unknown>) };
    case 'literal':
      return { kind: 'choice', values: def.values as unknown[] };
    case 'union':
      return { kind: 'union', options: (def.options as unknown[]).map((o) => shapeOf(o, depth + 1)) };
    case 'pipe': {
      // z.preprocess is a pipe from a transform: the output side says what is expected.
      const inner = shapeOf(def.in, depth + 1);
      return inner.kind === 'any' ? shapeOf(def.out, depth + 1) : inner;
    }
    case 'lazy':
      return shapeOf((def.getter as () => unknown)(), depth + 1);
    default:
      return { kind: 'any' };
  }
}
