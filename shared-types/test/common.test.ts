import { describe, expect, it } from 'vitest';
import { QueryBooleanSchema } from '../src/common.js';
import { StudentListQuerySchema } from '../src/students.js';

describe('query flags', () => {
  it.each([['true', true], ['True', true], ['1', true], ['false', false], ['False', false], ['0', false]])('reads %s as %s', (input, expected) => {
    expect(QueryBooleanSchema.parse(input)).toBe(expected);
  });

  it('refuses anything else rather than guessing', () => {
    expect(QueryBooleanSchema.safeParse('yes').success).toBe(false);
  });
});

describe('student list query', () => {
  it('defaults to the first page and accepts the -1 sentinel for all', () => {
    expect(StudentListQuerySchema.parse({ statusId: '-1', companyId: '-1' })).toEqual({ statusId: -1, companyId: -1, page: 1 });
  });

  it('refuses a status other than -1, 0 or 1', () => {
    expect(StudentListQuerySchema.safeParse({ statusId: '2' }).success).toBe(false);
  });
});
