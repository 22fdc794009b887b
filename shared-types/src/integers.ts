import { z } from 'zod';

// Ids and integer parameters: one family of schemas for every route, so a number has one spelling.
// - From a query string or a multipart form field ('query'): canonical decimal text only. Digits,
//   no leading zero but for '0' itself, a leading '-' only where the range goes below 0; no '+',
//   spaces, point, exponent, hex, separators, 'Infinity' or ''. (Number coercion used to take '1e3',
//   '0x10', '12.0' and ' 12' as ids.) These schemas also take a safe-integer number, which a query
//   string cannot carry but the PWA's own checks of a form pass.
// - From a JSON body ('json'): a JSON number that is a safe integer; text is refused, "12" too.
//   JSON.parse reads 12.0 and 1e1 as 12 and 10, so a body is judged by value. The one exception is
//   formIntegerInput, the course and room forms' numbers "as typed", which their form rules read.
// Anything else, or a value out of range, is a 400: the error handler puts the field's path before
// the message and lists it in fieldErrors.

/** The largest value of PostgreSQL's integer, so of every id. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** The spec's "all" of list filters. */
export const ALL = -1;

const CANONICAL_INTEGER = /^(?:0|-?[1-9][0-9]{0,15})$/;

/**
 * The integer a value spells (a safe-integer number or canonical text), else null. What a person
 * types into a number field is read by parseWholeNumber (dates.ts) instead, which takes " 12" and
 * "007" and gives the wire their canonical number.
 */
export function readInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value + 0 : null; // + 0: -0 is 0
  if (typeof value !== 'string' || !CANONICAL_INTEGER.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The integer value spells when it is in the rule's range, else null (the form rules' reader). */
export function readIntegerIn(value: unknown, { min, max }: { min: number; max: number }): number | null {
  const n = readInteger(value);
  return n !== null && n >= min && n <= max ? n : null;
}

export type IntegerSource = 'query' | 'json';

export interface IntegerRule {
  min: number;
  max: number;
  /** When set, only these values of the range. */
  values?: readonly number[];
}

export interface IntegerOptions {
  /** Where the value comes from (see above); 'query' by default. */
  source?: IntegerSource;
  /** The text of every refusal (a form's own message); by default one naming the range. */
  message?: string;
  /** The text of a value above max, when it differs from message. */
  tooBig?: string;
  /** A list filter: '' is no filter (registered so the attack tests know it). */
  blankIsAll?: boolean;
}

/**
 * What the registry knows of a field: its rule, where it comes from, for a form input whether ''
 * means none, and for a list filter that '' means all.
 */
export type IntegerField = IntegerRule & { source: IntegerSource; form?: { blankIsNone: boolean }; blankIsAll?: boolean };

/**
 * Every schema built here: the attack tests find the integer fields of every route through it,
 * whatever wraps them (optional, a default, a transform).
 */
export const integerFields = z.registry<IntegerField>();

const rangeText = ({ min, max, values }: IntegerRule) => (values ? `one of ${values.join(', ')}` : `from ${min} to ${max}`);

/**
 * An integer of the rule's range from the given source. Give it a default with .prefault(v): zod
 * leaves a .default() of a transforming schema out of the OpenAPI document.
 */
export function integerSchema<S extends IntegerSource = 'query'>(
  rule: IntegerRule,
  options: IntegerOptions & { source?: S } = {},
): z.ZodType<number, S extends 'json' ? number : number | string> {
  const source = options.source ?? 'query';
  const error = options.message ?? `Please give a whole number ${rangeText(rule)}${source === 'json' ? ' as a JSON number' : ', in plain digits'}`;
  const int = z.int({ error }).min(rule.min, { error, abort: true }).max(rule.max, { error: options.tooBig ?? error, abort: true });
  // What does not spell an integer becomes NaN (text in a JSON body stays text), which z.int()
  // refuses with the message, once.
  const read = source === 'query' ? (v: unknown) => readInteger(v) ?? Number.NaN : (v: unknown) => (typeof v === 'number' ? (readInteger(v) ?? Number.NaN) : v);
  let schema: z.ZodType<number, unknown> = z.preprocess(read, int);
  const { values } = rule;
  if (values) schema = schema.refine((v) => values.includes(v), { error });
  integerFields.add(schema, { ...rule, source, ...(options.blankIsAll ? { blankIsAll: true } : {}) });
  return schema as z.ZodType<number, S extends 'json' ? number : number | string>;
}

/** A positive id that fits PostgreSQL's integer, from a query string. */
export const IdSchema = integerSchema({ min: 1, max: INT32_MAX });
/** The same in a JSON body. */
export const BodyIdSchema = integerSchema({ min: 1, max: INT32_MAX }, { source: 'json' });

/** An id a JSON body may leave unset: absent, null or 0 (the "please select" option) all mean none (null). */
export const BodyOptionalIdSchema = integerSchema({ min: 0, max: INT32_MAX }, { source: 'json' }).nullish().transform((v) => v || null);

/** An id of a JSON body where 0 or null mean none (a room taken away) or, in a save call, a new row; passed on as sent. */
export const BodyIdOrZeroSchema = integerSchema({ min: 0, max: INT32_MAX }, { source: 'json' }).nullable().optional();

/** A status the service judges itself (a mark it does not take is refused line by line): any integer PostgreSQL holds. */
export const BodyStatusIdSchema = integerSchema({ min: INT32_MIN, max: INT32_MAX }, { source: 'json' });

/**
 * A list filter of a query string taking the spec's -1 (ALL) besides 0 to max; -1, '' or absent
 * come out as undefined (no filter): the old screens send a filter left blank as `name=`, and a
 * blank filter is not a misspelt number. zeroMeansAll: 0 too (the "All" option of an id select).
 */
export function filterSchema(max: number, { zeroMeansAll = false }: { zeroMeansAll?: boolean } = {}) {
  const filter = integerSchema({ min: ALL, max }, { message: `Please give -1 (all) or a whole number from 0 to ${max}, in plain digits`, blankIsAll: true });
  return z
    .preprocess((v) => (v === '' ? undefined : v), filter.optional())
    .transform((v) => (v === undefined || v === ALL || (zeroMeansAll && v === 0) ? undefined : v));
}

/** An id filter of the list screens: -1, 0 or absent mean every row. */
export const IdFilterSchema = filterSchema(INT32_MAX, { zeroMeansAll: true });

/** Highest page number accepted (100,000 pages of 100 is more than any school holds). */
export const MAX_PAGE = 100_000;
/** A page number of the paged lists. */
export const PageNumberSchema = integerSchema({ min: 1, max: MAX_PAGE });
/** A page number of the lists that always page: 1 when absent. */
export const PageSchema = PageNumberSchema.prefault(1);

/**
 * A whole number of a form the route checks with the form's own rules (validateCourseForm,
 * validateRoomForm), so a half-filled form gets every field's message at once: the schema takes a
 * number or short text ("as typed": old installed PWAs send text), and the rules read it with
 * readIntegerIn against this rule, so a spelling readInteger refuses gets the field's message.
 */
export function formIntegerInput(rule: IntegerRule, { blankIsNone = false } = {}) {
  const schema = z.union([z.number(), z.string().max(40)]);
  integerFields.add(schema, { ...rule, source: 'json', form: { blankIsNone } });
  return schema.nullable().optional();
}

/** '', null and absent: a form field left empty (a blank optional number, an unchosen select). */
export const isBlankInput = (v: unknown): v is '' | null | undefined => v === '' || v === null || v === undefined;
