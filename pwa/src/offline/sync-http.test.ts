import { PullResponseSchema, type PullResponse } from '@rollbook/shared-types/sync';
import { describe, expect, it } from 'vitest';
import { readPullResponse } from './sync-http';
import { makeClass, makeLine, makeStudent } from './testing/fixtures';

// The pull answer is checked a slice of rows at a time (so a phone's first pull does not block the
// page): it must accept and refuse exactly what the contract's schema does, and return the same data.

const ids = Array.from({ length: 450 }, (_, i) => 1 + i);
const big = (): PullResponse => ({
  cursor: 'c9', reset: true, serverTime: '2026-11-23T12:34:00.000Z', window: { from: '2026-10-26', to: '2027-01-18' },
  classes: ids.map((classId) => makeClass({ classId })),
  attendance: ids.map((classId) => makeLine(classId, 1)),
  courses: [], enrolments: [{ courseId: 1, studentId: 1, statusId: 1 }],
  students: [makeStudent(1, 'Ann', 'Able')],
  removed: { classIds: [3], attendance: [], courseIds: [], enrolments: [], studentIds: [] },
});

describe('reading a pull answer', () => {
  it('returns what the contract schema returns, unknown fields dropped, for lists longer than a slice', async () => {
    const body = JSON.parse(JSON.stringify({ ...big(), extra: 1, classes: big().classes.map((c) => ({ ...c, extra: 'x' })) })) as unknown;
    const read = await readPullResponse(body);
    expect(read).toEqual(PullResponseSchema.parse(body));
    expect(Object.keys(read ?? {})).toEqual(Object.keys(PullResponseSchema.parse(body)));
  });

  it('refuses an answer with one bad row late in a list, or a bad field outside the lists', async () => {
    const badRow = big();
    badRow.attendance[440] = { ...makeLine(441, 1), statusId: 'present' as unknown as number };
    expect(await readPullResponse(badRow)).toBeNull();
    expect(await readPullResponse({ ...big(), cursor: 5 })).toBeNull();
    expect(await readPullResponse({ ...big(), students: 'none' })).toBeNull();
    expect(await readPullResponse(null)).toBeNull();
  });
});
