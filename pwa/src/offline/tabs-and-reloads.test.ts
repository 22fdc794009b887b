import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { queueMarkAttendance } from './local-changes';
import { memoryLock } from './sender-lock';
import { openPhone, seededNetwork, settle, until, type Phone } from './testing/engine-harness';
import { freshDbName } from './testing/fixtures';

const phones: Phone[] = [];
afterEach(async () => {
  for (const phone of phones.splice(0)) {
    await Promise.race([phone.engine.stop(), settle(50)]);
    phone.db.close();
  }
});

const open = (...args: Parameters<typeof openPhone>) => {
  const phone = openPhone(...args);
  phones.push(phone);
  return phone;
};

describe('tabs, reloads and updates', () => {
  it('turns rows left "sending" by a page closed mid-batch back to pending, and applies them once', async () => {
    const network = seededNetwork();
    const dbName = freshDbName();
    const closing = open({ network, dbName });
    await closing.engine.pullNow();
    for (const studentId of [1, 2, 3]) await queueMarkAttendance(closing.ctx, { classId: 10, studentId, statusId: 2 });
    network.faults.push.push({ kind: 'hangAfterApply' });
    void closing.engine.sendNow();
    await until(() => network.pushes.length === 1);
    expect((await closing.db.outbox.toArray()).map((r) => r.status)).toEqual(['sending', 'sending', 'sending']);

    // The page is gone (its lock with it); the app opens again.
    const reopened = open({ network, dbName });
    await reopened.engine.sendNow();
    expect(await reopened.db.outbox.count()).toBe(0);
    expect(network.server.appliedLog).toHaveLength(3);
    expect(network.pushes).toHaveLength(2);
  });

  it('lets only one of two tabs send at a time, and both tabs\' changes apply once', async () => {
    const network = seededNetwork(40);
    network.pushDelayMs = 5;
    const dbName = freshDbName();
    const lock = memoryLock(); // what Web Locks give two tabs of one origin
    const tabA = open({ network, dbName, lock });
    const tabB = open({ network, dbName, lock });
    await tabA.engine.pullNow();

    const sends: Promise<number>[] = [];
    for (let studentId = 1; studentId <= 40; studentId++) {
      const tab = studentId % 2 ? tabA : tabB;
      await queueMarkAttendance(tab.ctx, { classId: 10, studentId, statusId: 2 });
      sends.push(tab.engine.sendNow()); // "right after each change", from whichever tab made it
    }
    await Promise.all(sends);
    await Promise.all([tabA.engine.sendNow(), tabB.engine.sendNow()]);

    expect(network.maxInFlightPushes).toBe(1);
    expect(network.server.appliedLog).toHaveLength(40);
    expect(new Set(network.server.appliedLog.map((m) => m.mutationId)).size).toBe(40);
    expect(await tabB.db.outbox.count()).toBe(0);
  });

  it('whenIdle resolves only after the batch in flight is answered', async () => {
    const network = seededNetwork();
    network.pushDelayMs = 30;
    const phone = open({ network });
    await phone.engine.pullNow();
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    void phone.engine.sendNow();
    await until(() => phone.engine.status.sending);

    await phone.engine.whenIdle();
    expect(network.inFlightPushes).toBe(0);
    expect(phone.engine.status.sending).toBe(false);
    expect(await phone.db.outbox.count()).toBe(0);
  });

  it('whenIdle also waits for a batch another tab is sending', async () => {
    const network = seededNetwork();
    network.pushDelayMs = 30;
    const dbName = freshDbName();
    const lock = memoryLock();
    const sender = open({ network, dbName, lock });
    const updater = open({ network, dbName, lock });
    await sender.engine.pullNow();
    await queueMarkAttendance(sender.ctx, { classId: 10, studentId: 1, statusId: 2 });
    void sender.engine.sendNow();
    await until(() => sender.engine.status.sending);

    await updater.engine.whenIdle();
    expect(network.inFlightPushes).toBe(0);
  });
});
