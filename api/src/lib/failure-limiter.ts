/**
 * Counts failures per key in a fixed window: a key that failed `max` times in the window is
 * refused until the window ends. Successes cost nothing, so a teacher signing in and out all day
 * is never slowed, while guessing a password is. In-process: one server process per school.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, { count: number; windowEndsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const entry = this.failures.get(key);
    if (!entry || entry.windowEndsAt <= this.now()) return 0;
    return entry.count >= this.max ? Math.ceil((entry.windowEndsAt - this.now()) / 1000) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.windowEndsAt <= now) {
      if (this.failures.size >= 100_000) this.sweep(now);
      this.failures.set(key, { count: 1, windowEndsAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.failures) if (entry.windowEndsAt <= now) this.failures.delete(key);
  }
}
