import { describe, expect, it } from 'vitest';
import {
  classStatusAfterMarking, everyoneMarked, RECOMPUTED_BY_MARKING_CLASS_STATUSES, shownClassStatus, SHOWN_AS_STORED_CLASS_STATUSES,
} from '../src/class-status-rules.js';
import { AttendanceStatus as A, ClassStatus as C } from '../src/statuses.js';

describe('the status shown for a stored class', () => {
  it.each<[number, boolean, number]>([
    [C.Scheduled, false, C.Scheduled],
    [C.Scheduled, true, C.RequiresMarking],
    [C.RequiresMarking, false, C.Scheduled],
    [C.RequiresMarking, true, C.RequiresMarking],
    [C.NoStudents, true, C.NoStudents],
    [C.Marked, false, C.Marked],
    [C.Marked, true, C.Marked],
    [C.Archived, true, C.Archived],
    [C.Suspended, false, C.Suspended],
    [C.Paid, true, C.Paid],
  ])('stored %i, ended %s: shown as %i', (stored, ended, shown) => {
    expect(shownClassStatus(stored, ended)).toBe(shown);
  });

  it('names the statuses shown as stored and those marking recomputes', () => {
    expect(SHOWN_AS_STORED_CLASS_STATUSES).toEqual([C.NoStudents, C.Marked, C.Archived, C.Suspended, C.Paid]);
    expect(RECOMPUTED_BY_MARKING_CLASS_STATUSES).toEqual([C.Scheduled, C.RequiresMarking, C.Marked]);
  });
});

describe('everyone on the register is marked', () => {
  it.each<[number[], boolean, string]>([
    [[], false, 'nobody on the register'],
    [[A.NotEnrolled, A.NotEnrolled], false, 'only lines that are not on the register'],
    [[A.Pending], false, 'one student pending'],
    [[A.Attended, A.Pending], false, 'one marked, one pending'],
    [[A.Attended, A.Absent], true, 'attended and absent'],
    [[A.LateCancellation, A.CancelledInAdvance, A.NotStudent], true, 'the admin-only statuses'],
    [[A.NotEnrolled, A.Attended], true, 'a line not on the register beside a marked one'],
  ])('%j is %s (%s)', (lines, marked) => {
    expect(everyoneMarked(lines)).toBe(marked);
  });
});

describe('the class status after marking (spec §4)', () => {
  it.each<[string, number, number[], boolean, number]>([
    ['becomes Marked when nobody is left pending', C.RequiresMarking, [A.Attended, A.Absent], true, C.Marked],
    ['stays Requires marking while somebody is pending', C.RequiresMarking, [A.Attended, A.Pending], true, C.RequiresMarking],
    ['goes back to Requires marking when a mark is cleared', C.Marked, [A.Attended, A.Pending], true, C.RequiresMarking],
    ['is Marked once everyone is marked during the class', C.Scheduled, [A.Attended], false, C.Marked],
    ['stays Scheduled while the class has not ended and somebody is pending', C.Scheduled, [A.Attended, A.Pending], false, C.Scheduled],
    ['goes back to Scheduled when a mark is cleared before the class ends', C.Marked, [A.Pending], false, C.Scheduled],
    ['is not Marked with nobody on the register', C.Marked, [A.NotEnrolled], true, C.RequiresMarking],
    ['keeps a Paid class Paid', C.Paid, [A.Pending], true, C.Paid],
    ['keeps an Archived class Archived', C.Archived, [A.Attended], true, C.Archived],
    ['keeps a Suspended class Suspended', C.Suspended, [A.Attended], false, C.Suspended],
    ['keeps No Students', C.NoStudents, [A.Attended], true, C.NoStudents],
  ])('%s', (_name, status, lines, ended, after) => {
    expect(classStatusAfterMarking(status, lines, ended)).toBe(after);
  });

  it('gives the same answer from the stored status (the API) and the shown one (the phone)', () => {
    const lineSets = [[], [A.NotEnrolled], [A.Pending], [A.Attended], [A.Attended, A.Pending], [A.NotEnrolled, A.Absent], [A.NotStudent, A.Pending]];
    for (const stored of Object.values(C)) {
      for (const ended of [false, true]) {
        for (const lines of lineSets) {
          expect(classStatusAfterMarking(shownClassStatus(stored, ended), lines, ended)).toBe(classStatusAfterMarking(stored, lines, ended));
        }
      }
    }
  });
});
