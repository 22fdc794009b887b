import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isDue, MAX_RETRY_AFTER_MS, MAX_RETRY_MS, MIN_RETRY_MS, parseRetryAfter, retryDelayMs } from './backoff';

describe('the retry schedule', () => {
  it.each([
    // attempts, random, delay
    [1, 0, 1_000],
    [1, 1, 1_000],
    [2, 0, 1_000],
    [2, 1, 2_000],
    [3, 0.5, 3_000],
    [5, 0, 8_000],
    [5, 1, 16_000],
    [9, 0, 128_000],
    [9, 1, 256_000],
    [10, 0, 150_000],
    [10, 1, 300_000],
    [50, 1, 300_000],
  ])('waits, after %i failed attempts with jitter %f, %i ms', (attempts, random, expected) => {
    expect(backoffDelayMs(attempts, () => random)).toBe(expected);
  });

  it('always stays between 1 s and 5 min, whatever the attempt count and jitter', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempts, random) => {
      const delay = backoffDelayMs(attempts, () => random);
      return delay >= MIN_RETRY_MS && delay <= MAX_RETRY_MS;
    }));
  });

  it('spreads retries out (jitter) rather than firing them in step', () => {
    const delays = new Set([0, 0.25, 0.5, 0.75, 1].map((r) => backoffDelayMs(8, () => r)));
    expect(delays.size).toBe(5);
  });

  it.each([
    ['120', 120_000],
    ['0', 0],
    ['Mon, 23 Nov 2026 12:01:00 GMT', 60_000],
    ['Mon, 23 Nov 2026 11:00:00 GMT', 0],
    ['soon', null],
    [null, null],
  ])('reads Retry-After %s as %s ms', (header, expected) => {
    expect(parseRetryAfter(header, Date.parse('2026-11-23T12:00:00Z'))).toBe(expected);
  });

  it('waits at least as long as the server asked, up to an hour', () => {
    expect(retryDelayMs(1, 120_000, () => 0)).toBe(120_000);
    expect(retryDelayMs(10, 2_000, () => 1)).toBe(300_000);
    expect(retryDelayMs(1, 10 * MAX_RETRY_AFTER_MS, () => 0)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('treats a due time beyond any delay it sets as a device clock that jumped back', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(isDue(now - 1, now)).toBe(true);
    expect(isDue(now + 60_000, now)).toBe(false);
    expect(isDue(now + 365 * 86_400_000, now)).toBe(true);
  });
});
