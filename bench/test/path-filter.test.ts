import { describe, expect, it } from 'vitest';
import { pathChosen } from '../src/api/config.js';

// BENCH_PATHS chooses which hot paths a run measures; several names hold commas.

const NAMES = ['courses list, first page', 'courses list, filtered', "teacher's week", 'sync push, 50 marks', 'sync pull after one change'];
const chosen = (filter: string): string[] => NAMES.filter((name) => pathChosen(filter.trim().toLowerCase(), name, NAMES));

describe('BENCH_PATHS', () => {
  it('runs every path when empty', () => {
    expect(chosen('')).toEqual(NAMES);
  });

  it("runs only the path whose whole name it is, though the name holds a comma", () => {
    expect(chosen('Courses list, first page')).toEqual(['courses list, first page']);
  });

  it('runs the paths whose names contain one of its comma-separated words', () => {
    expect(chosen('push,pull')).toEqual(['sync push, 50 marks', 'sync pull after one change']);
    expect(chosen('courses')).toEqual(['courses list, first page', 'courses list, filtered']);
    expect(chosen(' week , nothing-like-this ')).toEqual(["teacher's week"]);
  });
});
