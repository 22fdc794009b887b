import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RETRY_MS, MIN_RETRY_MS } from './backoff';
import { queueMarkAttendance } from './local-changes';
import { readMeta } from './meta';
import { openPhone, seededNetwork, until, type Phone } from './testing/engine-harness';
import type { FakeNetwork } from './testing/fake-network';

const phones: Phone[] = [];
afterEach(async () => {
  for (const phone of phones.splice(0)) {
    await phone.engine.stop();
    phone.db.close();
  }
});

async function pulledPhone(network: FakeNetwork): Promise<Phone> {
  const phone = openPhone({ network });
  phones.push(phone);
  expect(await phone.engine.pullNow()).toBe('pulled');
  return phone;
}

const markAll = async (phone: Phone, classId: number, count: number, statusId: 2 | 5 = 2) => {
  for (let studentId = 1; studentId <= count; studentId++) await queueMarkAttendance(phone.ctx, { classId, studentId, statusId });
};

const TEN_MINUTES = 10 * 60_000;

describe('the sender', () => {
  it('sends the queue in seq order in batches of at most 50 and empties it', async () => {
    const network = seededNetwork(120);
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 120);

    await expect(phone.engine.sendNow()).resolves.toBe(120);

    const batches = network.pushes.map((p) => p.request.mutations.map((m) => m.seq));
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(await phone.db.outbox.count()).toBe(0);
    expect(network.server.appliedLog).toHaveLength(120);
    expect(await phone.db.attendance.get([10, 120])).toEqual({ classId: 10, studentId: 120, statusId: 2, version: 2 });
    expect(await readMeta(phone.db, 'lastSyncedAt')).toBe('2026-11-23T12:00:00.000Z');
  });

  it('sends the same signed-in user id and client id with every batch', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 1);
    await phone.engine.sendNow();
    expect(network.pushes.map((p) => [p.userId, p.request.clientId])).toEqual([[7, await readMeta(phone.db, 'clientId')]]);
  });

  it.each([
    ['no network', { kind: 'network' as const }, 'No connection to the server'],
    ['a 503', { kind: 'status' as const, status: 503 }, 'Try later'],
    ['a 500', { kind: 'status' as const, status: 500 }, 'Try later'],
    ['a 408', { kind: 'status' as const, status: 408 }, 'Try later'],
  ])('keeps every row through %s, retrying with growing bounded backoff', async (_label, fault, message) => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 3);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 25; attempt++) {
      network.faults.push.push(fault);
      await phone.engine.sendNow();
      const rows = await phone.db.outbox.toArray();
      expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual(Array(3).fill(['pending', attempt, message]));
      const wait = (rows[0]?.nextAttemptAt ?? 0) - phone.clock.now();
      expect(wait).toBeGreaterThanOrEqual(MIN_RETRY_MS);
      expect(wait).toBeLessThanOrEqual(MAX_RETRY_MS);
      waits.push(wait);
      // Not due yet: nothing is sent.
      await phone.engine.sendNow();
      expect(network.faults.push).toHaveLength(0);
      phone.clock.advance(wait);
    }
    expect(waits.at(-1)).toBe(225_000);
    expect(waits.slice(0, 4)).toEqual([1_000, 1_500, 3_000, 6_000]);

    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(network.server.appliedLog).toHaveLength(3);
  });

  it('waits as long as a 429 Retry-After asks before trying again', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 1);
    network.faults.push.push({ kind: 'status', status: 429, retryAfter: '120' });
    await phone.engine.sendNow();
    expect((await phone.db.outbox.toArray())[0]?.nextAttemptAt).toBe(phone.clock.now() + 120_000);

    phone.clock.advance(119_000);
    await phone.engine.sendNow();
    expect(network.pushes).toHaveLength(0);
    phone.clock.advance(1_000);
    await phone.engine.sendNow();
    expect(network.pushes).toHaveLength(1);
    expect(await phone.db.outbox.count()).toBe(0);
  });

  it('keeps a batch the server refuses as a whole (422) and retries it slowly, never dropping it', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 1);
    network.faults.push.push({ kind: 'status', status: 403 });
    await phone.engine.sendNow();
    expect(await phone.db.outbox.toArray()).toMatchObject([{ status: 'pending', attempts: 1, retryReason: 'refused' }]);
    expect(phone.engine.status.lastSendError).toBe('Try later');
  });

  it('does not try while the phone is offline, and goes at once when it is back', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 2);
    network.faults.push.push({ kind: 'network' });
    await phone.engine.sendNow();
    network.offline = true;
    await phone.engine.sendNow();
    expect(await phone.db.outbox.toArray()).toMatchObject([{ attempts: 1, retryReason: 'network' }, { attempts: 1 }]);

    network.offline = false;
    await phone.engine.onOnline(); // no clock change: the network backoff is waived
    expect(await phone.db.outbox.count()).toBe(0);
  });

  it('pauses on a 401 and goes on only when the same user signs in again', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 2);
    network.tokens.delete('token-7');

    await phone.engine.sendNow();
    expect(phone.engine.status.needsSignIn).toBe(true);
    expect(await phone.db.outbox.toArray()).toMatchObject([{ status: 'pending', attempts: 0 }, { status: 'pending', attempts: 0 }]);

    phone.clock.advance(TEN_MINUTES);
    await phone.engine.sendNow();
    expect(await phone.engine.pullNow()).toBe('needsSignIn');
    expect(network.pushes).toHaveLength(0);

    phone.token.value = null; // signed out: still paused
    phone.engine.resume();
    expect(phone.engine.status.needsSignIn).toBe(true);

    network.tokens.set('token-7-again', 7);
    phone.token.value = 'token-7-again';
    phone.engine.resume();
    expect(phone.engine.status.needsSignIn).toBe(false);
    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(network.pushes.map((p) => p.userId)).toEqual([7]);
  });

  it('wakes itself when the backoff ends, and every 30 s at most while anything is pending', async () => {
    const network = seededNetwork();
    const wakes: { run: () => void; ms: number }[] = [];
    const phone = openPhone({ network, timers: { set: (run, ms) => wakes.push({ run, ms }), clear: () => undefined } });
    phones.push(phone);
    await phone.engine.pullNow();
    await markAll(phone, 10, 1);
    network.faults.push.push({ kind: 'status', status: 429, retryAfter: '600' });
    await phone.engine.sendNow();
    await until(() => wakes.length > 0);
    expect(wakes.at(-1)?.ms).toBe(30_000);

    network.faults.push.push({ kind: 'network' });
    phone.clock.advance(600_000);
    await phone.engine.sendNow();
    await until(() => wakes.length > 1);
    expect(wakes.at(-1)?.ms).toBe(1_500); // the second failure's backoff
    phone.clock.advance(1_500);
    wakes.at(-1)?.run();
    await until(async () => (await phone.db.outbox.count()) === 0);
  });

  it('is not stalled by the device clock jumping a year back after a failure', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await markAll(phone, 10, 1);
    network.faults.push.push({ kind: 'network' });
    await phone.engine.sendNow();
    phone.clock.advance(-365 * 86_400_000);
    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
  });
});
