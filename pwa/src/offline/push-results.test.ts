import 'fake-indexeddb/auto';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import type { PushRequest, PushResponse } from '@rollbook/shared-types/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { WAITING_FOR_EARLIER_MESSAGE } from './drain-outbox';
import { queueMarkAllAttended, queueMarkAttendance, queueRescheduleClass } from './local-changes';
import { resolveSyncIssue } from './sync-issues';
import { openPhone, seededNetwork, type Phone } from './testing/engine-harness';
import type { FakeNetwork } from './testing/fake-network';
import { makeLine } from './testing/fixtures';

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
  await phone.engine.pullNow();
  return phone;
}

describe('each answer of a batch', () => {
  it('applied: the change leaves the outbox and the row keeps the server version', async () => {
    const phone = await pulledPhone(seededNetwork());
    await queueRescheduleClass(phone.ctx, { classId: 10, classDate: '25/11/2026 18:30', classLength: 60 });
    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
    const cls = await phone.db.classes.get(10);
    expect(cls).toMatchObject({ startsAt: '2026-11-25T18:30:00.000Z', scheduleVersion: 2 });
    expect(cls?.serverCopy).toBeUndefined();
  });

  it('applied "All attended": each listed line takes its own server version, a later mark of one goes on top, others are left', async () => {
    const phone = await pulledPhone(seededNetwork());
    await queueMarkAllAttended(phone.ctx, 10, [1, 2]);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 2, statusId: 5 });
    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(await phone.db.attendance.get([10, 1])).toEqual(makeLine(10, 1, 2, 2));
    expect(await phone.db.attendance.get([10, 2])).toEqual(makeLine(10, 2, 5, 3));
    expect(await phone.db.attendance.get([10, 3])).toEqual(makeLine(10, 3));
  });

  it('duplicate: a response lost after the server applied it is resent and applies nothing twice', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    network.faults.push.push({ kind: 'lostResponse' });
    await phone.engine.sendNow();
    expect(await phone.db.outbox.toArray()).toMatchObject([{ status: 'pending', attempts: 1 }]);

    await phone.engine.onOnline();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(network.server.appliedLog).toHaveLength(1);
    expect(await phone.db.attendance.get([10, 1])).toEqual(makeLine(10, 1, 2, 2));
  });

  it('rejected: shown as an issue with the server message, rolled back, and later changes still go', async () => {
    const network = seededNetwork();
    network.server.draftClassIds.add(11);
    const phone = await pulledPhone(network);
    await queueMarkAttendance(phone.ctx, { classId: 11, studentId: 1, statusId: 2 });
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 5 });
    await phone.engine.sendNow();

    expect(await phone.db.outbox.toArray()).toMatchObject([{ seq: 1, status: 'rejected', lastError: ATTENDANCE_MESSAGES.draft }]);
    expect(await phone.db.attendance.get([11, 1])).toEqual(makeLine(11, 1, 1, 1));
    expect(await phone.db.attendance.get([10, 1])).toEqual(makeLine(10, 1, 5, 2));

    // Not retried: a later send leaves it alone.
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 2, statusId: 2 });
    await phone.engine.sendNow();
    expect(network.pushes.flatMap((p) => p.request.mutations.map((m) => m.seq))).toEqual([1, 2, 3]);
  });

  it('conflict: the row shows the server value; re-applying mine sends a new change on the server version', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    network.server.adminMark(10, 1, 5);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 2, statusId: 2 });
    await phone.engine.sendNow();

    const [issue] = await phone.db.outbox.toArray();
    expect(issue).toMatchObject({ seq: 1, status: 'conflict', lastError: ATTENDANCE_MESSAGES.conflict, server: { statusId: 5, version: 2 } });
    expect(await phone.db.attendance.get([10, 1])).toEqual(makeLine(10, 1, 5, 2));
    expect(network.server.lines.get('10:2')?.row.statusId).toBe(2);

    const again = await resolveSyncIssue(phone.ctx, 1, 'mine');
    expect(again).toMatchObject({ seq: 3, baseVersion: 2, args: { classId: 10, studentId: 1, statusId: 2 } });
    expect((await phone.db.attendance.get([10, 1]))?.statusId).toBe(2);
    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(network.server.lines.get('10:1')?.row).toEqual(makeLine(10, 1, 2, 3));
  });

  it("conflict resolved as theirs: the change is dropped and the server's value stays", async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    network.server.adminMark(10, 1, 5);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    await phone.engine.sendNow();
    await expect(resolveSyncIssue(phone.ctx, 1, 'theirs')).resolves.toBeNull();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(await phone.db.attendance.get([10, 1])).toEqual(makeLine(10, 1, 5, 2));
    await expect(resolveSyncIssue(phone.ctx, 1, 'theirs')).rejects.toThrow('already been resolved');
  });

  it('a later change of the same line, queued before the first was answered, is not a conflict with it', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 5 });
    await queueRescheduleClass(phone.ctx, { classId: 10, classDate: '25/11/2026 18:30', classLength: 60 });
    await queueRescheduleClass(phone.ctx, { classId: 10, classDate: '26/11/2026 18:30', classLength: 60 });
    await phone.engine.sendNow();
    expect(await phone.db.outbox.count()).toBe(0);
    expect(network.server.lines.get('10:1')?.row).toEqual(makeLine(10, 1, 5, 3));
    expect(network.server.classes.get(10)?.row.startsAt).toBe('2026-11-26T18:30:00.000Z');
  });

  it('outOfOrder: stays pending and goes again once the earlier ones are through', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 2, statusId: 2 });
    // A server that answers the second as out of order the first time.
    const realFetch = network.fetch;
    let first = true;
    network.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (!String(input).includes('/push') || !first) return response;
      first = false;
      const body = (await response.json()) as PushResponse;
      const request = JSON.parse(String(init?.body)) as PushRequest;
      body.results[1] = { mutationId: request.mutations[1]!.mutationId, seq: 2, status: 'outOfOrder' };
      return new Response(JSON.stringify(body), { status: 200 });
    };
    const phone2 = openPhone({ network, dbName: phone.db.name });
    phones.push(phone2);
    await phone2.engine.sendNow();
    expect(network.pushes.map((p) => p.request.mutations.map((m) => m.seq))).toEqual([[1, 2], [2]]);
    expect(await phone2.db.outbox.count()).toBe(0);
  });

  it('outOfOrder for the head of the queue backs off instead of spinning', async () => {
    const network = seededNetwork();
    const phone = await pulledPhone(network);
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 1, statusId: 2 });
    await queueMarkAttendance(phone.ctx, { classId: 10, studentId: 2, statusId: 2 });
    await phone.db.outbox.delete(1); // the server waits for a seq this phone no longer has
    await phone.engine.sendNow();
    expect(await phone.db.outbox.toArray()).toMatchObject([{ seq: 2, status: 'pending', attempts: 1, lastError: WAITING_FOR_EARLIER_MESSAGE }]);
    expect(network.pushes).toHaveLength(1);
  });

  it('re-applies a reschedule refused for a clash with allowClashes once the teacher confirms', async () => {
    const network = seededNetwork();
    network.server.clashingClassIds.add(10);
    const phone = await pulledPhone(network);
    const queued = await queueRescheduleClass(phone.ctx, { classId: 10, classDate: '25/11/2026 18:30', classLength: 60 });
    await phone.engine.sendNow();
    expect(await phone.db.outbox.get(queued.seq)).toMatchObject({ status: 'rejected', server: { clashes: [{ classId: 99 }] } });
    expect((await phone.db.classes.get(10))?.startsAt).toBe('2026-11-23T10:00:00.000Z');
    const again = await resolveSyncIssue(phone.ctx, queued.seq, 'mine', { allowClashes: true });
    expect(again?.args).toEqual({ classId: 10, classDate: '25/11/2026 18:30', classLength: 60, allowClashes: true });
    await phone.engine.sendNow();
    expect(network.server.classes.get(10)?.row.startsAt).toBe('2026-11-25T18:30:00.000Z');
  });
});
