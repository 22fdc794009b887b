import { describe, expect, it } from 'vitest';
import {
  attendancePercent, attendanceRateText, attendanceWarningsTitle, isBelowThreshold, UpdateAttendanceThresholdRequestSchema,
} from '../src/attendance-warnings.js';

describe('attendance rate', () => {
  it.each([
    [3, 4, 75, '75%'],
    [0, 3, 0, '0%'],
    [4, 4, 100, '100%'],
    // Rounded down: 79.6% never reads as 80%.
    [398, 500, 79, '79%'],
    [2, 3, 66, '66%'],
    [0, 0, null, '—'],
  ])('%i attended of %i held is %s, shown %s', (attended, held, percent, text) => {
    expect(attendancePercent(attended, held)).toBe(percent);
    expect(attendanceRateText(attended, held)).toBe(text);
  });
});

describe('below the threshold', () => {
  it.each([
    [3, 4, 80, true],
    [4, 5, 80, false],
    [398, 500, 80, true],
    [0, 1, 1, true],
    [99, 100, 100, true],
    [1, 1, 100, false],
    // Nothing marked: no rate, never listed.
    [0, 0, 80, false],
  ])('%i of %i against %i%% is %s', (attended, held, threshold, below) => {
    expect(isBelowThreshold(attended, held, threshold)).toBe(below);
  });

  it('titles the tile and the list by the threshold', () => {
    expect(attendanceWarningsTitle(80)).toBe('Students below 80% attendance');
    expect(attendanceWarningsTitle(75)).toBe('Students below 75% attendance');
  });

  it('takes a whole percent from 1 to 100 and says so otherwise', () => {
    expect(UpdateAttendanceThresholdRequestSchema.parse({ threshold: 75 })).toEqual({ threshold: 75 });
    for (const threshold of [0, 101, 80.5, '80']) {
      const result = UpdateAttendanceThresholdRequestSchema.safeParse({ threshold });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please give the threshold as a whole percent from 1 to 100');
    }
  });
});
