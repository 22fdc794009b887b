import { describe, expect, it } from 'vitest';
import { canRemove, canReschedule, deletedMessage } from './class-row-actions';

describe('class row actions', () => {
  it('hides the pencil for Marked and Paid classes and remove for Paid ones only', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter((s) => !canReschedule(s))).toEqual([3, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((s) => !canRemove(s))).toEqual([6]);
  });

  it('says how many classes went and how many were kept', () => {
    expect(deletedMessage({ deleted: 1, skipped: 0 })).toBe('1 class deleted');
    expect(deletedMessage({ deleted: 7, skipped: 2 })).toBe('7 classes deleted; 2 marked or paid kept');
  });
});
