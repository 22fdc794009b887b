import { describe, expect, it } from 'vitest';
import { withRetries } from '../src/pwa/retry.js';

// bench:pwa tries a failed Lighthouse run again rather than losing the whole bench.

describe('withRetries', () => {
  it('answers the first attempt that succeeds, after reporting the failures before it', async () => {
    const failures: number[] = [];
    let calls = 0;
    const answer = await withRetries(3, async () => {
      calls += 1;
      if (calls < 3) throw new Error(`run ${calls} failed`);
      return 'scores';
    }, (_error, attemptNo) => failures.push(attemptNo));
    expect(answer).toBe('scores');
    expect(failures).toEqual([1, 2]);
  });

  it('throws the last failure once every attempt has failed, and tries no more', async () => {
    let calls = 0;
    await expect(withRetries(2, async () => {
      calls += 1;
      throw new Error(`run ${calls} failed`);
    }, () => undefined)).rejects.toThrow('run 2 failed');
    expect(calls).toBe(2);
  });
});
