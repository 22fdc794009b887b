import { describe, expect, it } from 'vitest';
import { attendanceLabel, blockStatuses, classBlocks, CLASS_COLUMNS_PER_ROW } from './attendance-grid';

const classes = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ classId: i + 1, classDate: '2026-11-02', classDateString: '02/11/2026', time: '10:00', classLength: 60, statusId: 3 }));

describe('classBlocks', () => {
  it('groups the classes in blocks of 5 columns, the last block holding the rest', () => {
    const blocks = classBlocks(classes(12));
    expect(CLASS_COLUMNS_PER_ROW).toBe(5);
    expect(blocks.map((b) => b.classes.map((c) => c.classId))).toEqual([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12]]);
    expect(blocks.map((b) => b.offset)).toEqual([0, 5, 10]);
  });

  it('makes exactly one block of 5 for 5 classes and none for a course without classes', () => {
    expect(classBlocks(classes(5))).toHaveLength(1);
    expect(classBlocks([])).toEqual([]);
  });

  it('gives each student the statuses of the block columns, not enrolled where the list is short', () => {
    const [, second] = classBlocks(classes(7));
    expect(second && blockStatuses([2, 5, 1, 2, 2, 3, 4], second)).toEqual([3, 4]);
    expect(second && blockStatuses([2, 5, 1, 2, 2, 3], second)).toEqual([3, 0]);
  });
});

describe('attendanceLabel', () => {
  it.each([
    [0, 'Not enrolled'], [1, 'Pending'], [2, 'Attended'], [3, 'Late cancellation'], [4, 'Cancelled in advance'], [5, 'Absent'], [6, 'Not enrolled'],
  ])('prints status %i as %s', (status, label) => {
    expect(attendanceLabel(status)).toBe(label);
  });
});
