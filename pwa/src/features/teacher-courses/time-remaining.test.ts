import { describe, expect, it } from 'vitest';
import { timeRemainingText } from './time-remaining';

describe('the time-remaining badge of a course', () => {
  it.each([
    [960, '16h 0m left'],
    [135, '2h 15m left'],
    [45, '0h 45m left'],
    [0, 'Course completed'],
    [-30, 'Course completed'],
  ])('%i minutes remaining reads "%s"', (minutes, text) => {
    expect(timeRemainingText(minutes)).toBe(text);
  });
});
