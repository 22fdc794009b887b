import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GenerateClassesRequestSchema } from '../src/classes.js';
import { IdQuerySchema } from '../src/common.js';
import {
  BodyIdOrZeroSchema, BodyIdSchema, BodyOptionalIdSchema, filterSchema, IdFilterSchema, IdSchema, INT32_MAX, integerFields, integerSchema, PageSchema, readInteger,
} from '../src/integers.js';
import { PersonTypeSchema } from '../src/people.js';

// Spellings an integer must not have, from a query string or as text in a body.
const NON_CANONICAL_TEXT = [
  '1e3', '1E3', '0x10', '0X10', '0b1', '0o7', '12.0', '12.', '.5', '1.5', ' 12', '12 ', '\t12', '12\n', '+12', '012', '00', '-0', '-012', '--1',
  '1_000', '1,000', '1 000', 'Infinity', '-Infinity', 'NaN', '', ' ', '１２', '12abc', 'abc', '9007199254740993', `1${'0'.repeat(400)}`,
];
const NOT_INTEGERS = [12.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53), 1e300, true, false, null, undefined, [12], ['12'], {}, { id: 12 }];

describe('reading an integer from the wire', () => {
  it.each([
    ['0', 0], ['7', 7], ['12', 12], ['-1', -1], ['-520', -520], ['2147483647', INT32_MAX], ['9007199254740991', Number.MAX_SAFE_INTEGER],
    [0, 0], [-0, 0], [12, 12], [-1, -1], [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d', (input, expected) => {
    expect(Object.is(readInteger(input), expected)).toBe(true);
  });

  it.each([...NON_CANONICAL_TEXT, ...NOT_INTEGERS])('refuses %j', (input) => {
    expect(readInteger(input)).toBeNull();
  });
});

describe('ids of a query string', () => {
  it.each([['1', 1], ['42', 42], ['2147483647', INT32_MAX], [7, 7]])('take %j as %d', (input, expected) => {
    expect(IdSchema.parse(input)).toBe(expected);
  });

  it.each([...NON_CANONICAL_TEXT, ...NOT_INTEGERS, '0', 0, '-3', -3, '2147483648', 2 ** 31])('refuse %j, saying what an id is', (input) => {
    const result = IdSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please give a whole number from 1 to 2147483647, in plain digits']);
  });

  it('name the field that holds a bad one', () => {
    expect(IdQuerySchema.safeParse({ id: '1e3' }).error?.issues.map((i) => i.path)).toEqual([['id']]);
  });
});

describe('ids of a JSON body', () => {
  it.each([1, 42, INT32_MAX, 1e3])('take the number %j', (input) => {
    expect(BodyIdSchema.parse(input)).toBe(input);
  });

  it.each(['1', '42', ...NON_CANONICAL_TEXT, ...NOT_INTEGERS, 0, -3, 2 ** 31])('refuse %j, text included', (input) => {
    const result = BodyIdSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please give a whole number from 1 to 2147483647 as a JSON number']);
  });

  it.each([[undefined, null], [null, null], [0, null], [5, 5]])('that may be unset read %j as %j', (input, expected) => {
    expect(BodyOptionalIdSchema.parse(input)).toBe(expected);
  });

  it.each([[0, 0], [null, null], [undefined, undefined], [9, 9]])('that may be 0 (new, none) pass %j on as %j', (input, expected) => {
    expect(BodyIdOrZeroSchema.parse(input)).toBe(expected);
  });

  it.each(['0', '5', '', -1, 0.5])('that may be unset or 0 still refuse %j', (input) => {
    expect(BodyOptionalIdSchema.safeParse(input).success).toBe(false);
    expect(BodyIdOrZeroSchema.safeParse(input).success).toBe(false);
  });
});

describe('integers in a range keep their bounds', () => {
  it.each([
    { min: 1, max: 100_000 }, { min: 0, max: 3600 }, { min: -520, max: 520 }, { min: -1000, max: 1000 }, { min: 2000, max: 2200 }, { min: 1, max: 1440 },
  ])('$min to $max', (rule) => {
    const schema = integerSchema(rule);
    const body = integerSchema(rule, { source: 'json' });
    for (const ok of [rule.min, rule.max, Math.round((rule.min + rule.max) / 2)]) {
      expect(schema.parse(String(ok))).toBe(ok);
      expect(body.parse(ok)).toBe(ok);
    }
    for (const bad of [rule.min - 1, rule.max + 1]) {
      expect(schema.safeParse(String(bad)).success).toBe(false);
      expect(body.safeParse(bad).success).toBe(false);
    }
  });

  it('default the page to 1 and refuse page 0', () => {
    expect(PageSchema.parse(undefined)).toBe(1);
    expect(PageSchema.safeParse('0').success).toBe(false);
  });

  it('take only the listed values when there is a list, with its message', () => {
    expect(PersonTypeSchema.parse('2')).toBe(2);
    expect(PersonTypeSchema.safeParse('3').error?.issues.map((i) => i.message)).toEqual(['type must be 1 (student) or 2 (teacher)']);
    expect(integerSchema({ min: 1, max: 5, values: [1, 2, 5] }).safeParse(3).success).toBe(false);
  });
});

describe('list filters with the -1 "all" sentinel', () => {
  const status = filterSchema(5);

  it.each([[undefined, undefined], ['', undefined], ['-1', undefined], [-1, undefined], ['0', 0], ['5', 5]])('read %j as %j', (input, expected) => {
    expect(status.parse(input)).toBe(expected);
  });

  it.each(['-2', '6', '-01', ' -1', '-1.0', '+1', ' ', '1e0'])('refuse %j', (input) => {
    expect(status.safeParse(input).success).toBe(false);
  });

  it('of ids take 0 (the "All" option) as all too', () => {
    expect(IdFilterSchema.parse('0')).toBeUndefined();
    expect(IdFilterSchema.parse('-1')).toBeUndefined();
    expect(IdFilterSchema.parse('8')).toBe(8);
    expect(IdFilterSchema.safeParse('08').success).toBe(false);
  });

  it('take a filter left blank (name=, as the old screens send it) as all, and say so to the attack tests', () => {
    expect(IdFilterSchema.parse('')).toBeUndefined();
    expect(z.object({ companyId: IdFilterSchema }).parse({ companyId: '' })).toEqual({ companyId: undefined });
  });
});

describe('form messages', () => {
  const generator = { courseId: 5, teacherId: 3, teacherRateId: 8, time: '10:00', scheduleId: 1, startDateString: '2/11/2026', numberOfClasses: 10, classLength: 60 };
  const messageOf = (change: object) => GenerateClassesRequestSchema.safeParse({ ...generator, ...change }).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it.each([0, '', '3', ' 3', '3.0', '1e1', '03', 3.5, null, undefined])('stay the generator\'s own for a teacher of %j', (teacherId) => {
    expect(messageOf({ teacherId })).toEqual([['teacherId', 'Please select a teacher']]);
  });

  it.each([0, '', '10', '1e1', 10.5])('stay the generator\'s own for %j classes', (numberOfClasses) => {
    expect(messageOf({ numberOfClasses })).toEqual([['numberOfClasses', 'Please enter the number of classes']]);
  });

  it('say how many classes are too many', () => {
    expect(messageOf({ numberOfClasses: 1001 })).toEqual([['numberOfClasses', 'At most 1000 classes at a time']]);
  });
});

describe('the contract as JSON Schema (the OpenAPI document)', () => {
  it('describes ids and bounded integers as integers with their bounds', () => {
    const schema = z.toJSONSchema(z.object({ id: IdSchema, page: PageSchema, statusId: filterSchema(5) }), { io: 'input', target: 'openapi-3.0' });
    expect(schema.properties).toEqual({
      id: { type: 'integer', minimum: 1, maximum: INT32_MAX },
      page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
      statusId: { type: 'integer', minimum: -1, maximum: 5 },
    });
  });

  it('keeps every integer schema in the registry the attack tests read', () => {
    expect(integerFields.get(IdSchema)).toEqual({ min: 1, max: INT32_MAX, source: 'query' });
    expect(integerFields.get(BodyIdSchema)).toEqual({ min: 1, max: INT32_MAX, source: 'json' });
  });
});
