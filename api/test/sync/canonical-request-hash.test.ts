import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/modules/sync/request-hash.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, line, mutation, newClasses, newCourse, newTeacher, push, type Person } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The request hash that recognises a change sent again is taken over RFC 8785 canonical JSON
// (the canonicalize library), so a client can compute the same text with any JCS library.

/** The same value with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)]));
  }
  return value;
}

describe('canonical JSON', () => {
  it('writes RFC 8785\'s own example as the RFC does', () => {
    const input = JSON.parse('{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],'
      + '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}');
    expect(canonicalJson(input)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],'
      + '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it('gives any JSON value one text whatever the order of its keys, and that text parses back to the value', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = canonicalJson(value);
      expect(canonicalJson(reversedKeys(value))).toBe(text);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
    }));
  });
});

describe('a pushed change with a lone surrogate', () => {
  const ctx = useTestApp();
  let teacher: Person & { teacherId: number; teacherRateId: number };

  beforeAll(async () => {
    teacher = await newTeacher(ctx.app, ctx.db);
  });

  it.each([
    ['its name', (classId: number, studentId: number) => mutation(1, '\uD800' as 'markAttendance', { classId, studentId, statusId: 2 })],
    ['its args', (classId: number, studentId: number) => mutation(1, 'markAttendance', { classId, studentId, statusId: 2, note: 'a\uD800b' })],
  ])('is refused as text that can not be stored (in %s), and nothing is applied or recorded', async (_where, change) => {
    const courseId = await newCourse(ctx.db);
    const [classId] = await newClasses(ctx.db, { courseId, teacher, starts: [hoursFromNow(-25)] });
    const { studentId } = await createStudent(ctx.db);
    await enrol(ctx.db, courseId, [studentId]);
    const clientId = randomUUID();

    const res = await push(ctx.app, teacher, clientId, [change(classId!, studentId)]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ message: 'The request contains characters that cannot be stored (such as the NUL character)', code: 'BAD_CHARACTERS' });
    expect(await line(ctx.db, classId!, studentId)).toEqual({ statusId: 1, version: 1 });
    const recorded = await ctx.db.selectFrom('appliedMutations').select('mutationId').where('clientId', '=', clientId).execute();
    expect(recorded).toEqual([]);
  });
});
