import type { Db } from '../db/create-db.js';
import { countAttempt, readAttempts } from './attempt-counters.js';

/**
 * Counts failures per key in a fixed window: a key that failed `max` times in the window is
 * refused until the window ends. Successes cost nothing, so a teacher signing in and out all day
 * is never slowed, while guessing a password is. Counted in the database, so a cluster's servers
 * share one count: which server answers makes no difference to an attacker.
 */
export class FailureLimiter {
  constructor(
    private readonly db: Db,
    /** Names this limiter's keys apart from every other counter's. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  async retryAfterSeconds(key: string): Promise<number> {
    const { hits, resetsInMs } = await readAttempts(this.db, `${this.name}:${key}`);
    return hits >= this.max ? Math.max(1, Math.ceil(resetsInMs / 1000)) : 0;
  }

  async recordFailure(key: string): Promise<void> {
    await countAttempt(this.db, `${this.name}:${key}`, this.windowMs);
  }
}
