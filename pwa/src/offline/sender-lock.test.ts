import { describe, expect, it, vi } from 'vitest';
import { createSenderLock, leaseLock, memoryLock, webLock, type SenderLock } from './sender-lock';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs overlapping work through the locks and reports the most holders seen at once. */
async function maxConcurrent(locks: SenderLock[], rounds: number, holdMs: number): Promise<{ max: number; order: number[] }> {
  let holders = 0;
  let max = 0;
  const order: number[] = [];
  await Promise.all(Array.from({ length: rounds }, (_, i) => locks[i % locks.length]!.run(async () => {
    holders += 1;
    max = Math.max(max, holders);
    order.push(i);
    await pause(holdMs);
    holders -= 1;
  })));
  return { max, order };
}

describe('the sender lock', () => {
  it('runs holders one at a time, in the order they asked', async () => {
    const lock = memoryLock();
    const { max, order } = await maxConcurrent([lock], 6, 2);
    expect(max).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('is released when the holder fails', async () => {
    const lock = memoryLock();
    await expect(lock.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run(async () => 'next')).resolves.toBe('next');
  });

  it('uses the Web Locks API under the per-user name when the browser has it', async () => {
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await createSenderLock(7).run(async () => 'done');
    expect(request).toHaveBeenCalledWith('rollbook-outbox-7', expect.any(Function));
    await expect(webLock('x', { request } as unknown as LockManager).run(async () => 42)).resolves.toBe(42);
  });

  it('falls back to a localStorage lease that two tabs never hold together', async () => {
    localStorage.clear();
    const tabA = leaseLock('rollbook-outbox-7', { storage: localStorage, pollMs: 5 });
    const tabB = leaseLock('rollbook-outbox-7', { storage: localStorage, pollMs: 5 });
    const { max } = await maxConcurrent([tabA, tabB], 6, 15);
    expect(max).toBe(1);
    expect(localStorage.getItem('rollbook-outbox-7')).toBeNull();
  });

  it('takes over a lease its holder stopped renewing (the page was closed)', async () => {
    localStorage.clear();
    localStorage.setItem('rollbook-outbox-7', JSON.stringify({ owner: 'closed-tab', until: Date.now() - 1 }));
    const lock = leaseLock('rollbook-outbox-7', { storage: localStorage, pollMs: 5 });
    await expect(lock.run(async () => 'mine')).resolves.toBe('mine');
  });
});
