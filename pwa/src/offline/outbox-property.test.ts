import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queueMarkAttendance, queueRescheduleClass } from './local-changes';
import { rescheduledSlot } from './london-slot';
import { openPhone, seededNetwork, settle, type Phone } from './testing/engine-harness';
import { freshDbName, manualClock } from './testing/fixtures';

// The outbox and the server together, under random weather: whatever the teacher does, however
// often the page reloads, responses are lost, the server fails or the signal drops, every change
// ends up applied exactly once, in order, and the server holds the last value of each thing.

const CLASS_IDS = [10, 11] as const;
const STUDENTS = 4;

type Action =
  | { kind: 'mark'; classId: number; studentId: number; statusId: 1 | 2 | 5 }
  | { kind: 'reschedule'; classId: number; day: number; hour: number; minute: number; length: number }
  | { kind: 'send' }
  | { kind: 'pull' }
  | { kind: 'signal'; online: boolean }
  | { kind: 'loseNextResponse' }
  | { kind: 'failNext'; status: 429 | 500 | 503 }
  | { kind: 'reload' }
  | { kind: 'closeMidBatch' }
  | { kind: 'wait'; ms: number };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('mark' as const), classId: fc.constantFrom(...CLASS_IDS), studentId: fc.integer({ min: 1, max: STUDENTS }), statusId: fc.constantFrom(1 as const, 2 as const, 5 as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), classId: fc.constantFrom(...CLASS_IDS), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 8, max: 20 }), minute: fc.integer({ min: 0, max: 11 }).map((m) => m * 5), length: fc.constantFrom(30, 45, 60, 90) }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'send' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'pull' as const }) },
  { weight: 2, arbitrary: fc.boolean().map((online) => ({ kind: 'signal' as const, online })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'loseNextResponse' as const }) },
  { weight: 1, arbitrary: fc.constantFrom(429 as const, 500 as const, 503 as const).map((status) => ({ kind: 'failNext' as const, status })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'closeMidBatch' as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 600_000 }).map((ms) => ({ kind: 'wait' as const, ms })) },
);

const classDateOf = (a: { day: number; hour: number; minute: number }) =>
  `${a.day}/12/2026 ${String(a.hour).padStart(2, '0')}:${String(a.minute).padStart(2, '0')}`;

async function run(actions: Action[]): Promise<void> {
  const network = seededNetwork(STUDENTS);
  const dbName = freshDbName();
  const clock = manualClock();
  const open = () => openPhone({ network, dbName, clock });
  let phone: Phone = open();
  await phone.engine.pullNow();

  // The model: the last value queued for each line and each class's time.
  const marks = new Map<string, number>();
  const times = new Map<number, { startsAt: string; classLength: number }>();
  let queued = 0;

  for (const action of actions) {
    switch (action.kind) {
      case 'mark':
        await queueMarkAttendance(phone.ctx, action);
        marks.set(`${action.classId}:${action.studentId}`, action.statusId);
        queued += 1;
        break;
      case 'reschedule': {
        const classDate = classDateOf(action);
        await queueRescheduleClass(phone.ctx, { classId: action.classId, classDate, classLength: action.length });
        times.set(action.classId, { startsAt: rescheduledSlot(classDate, action.length).startsAt, classLength: action.length });
        queued += 1;
        break;
      }
      case 'send':
        await phone.engine.sendNow();
        break;
      case 'pull':
        await phone.engine.pullNow();
        break;
      case 'signal':
        network.offline = !action.online;
        if (action.online) await phone.engine.onOnline();
        break;
      case 'loseNextResponse':
        network.faults.push.push({ kind: 'lostResponse' });
        break;
      case 'failNext':
        network.faults.push.push({ kind: 'status', status: action.status, retryAfter: action.status === 429 ? '30' : undefined });
        break;
      case 'wait':
        clock.advance(action.ms);
        break;
      case 'reload':
        await phone.engine.stop();
        phone.db.close();
        phone = open();
        break;
      case 'closeMidBatch': {
        // The page dies while a batch is on the wire: the server may have applied it, the phone never hears.
        const pushesBefore = network.pushes.length;
        network.faults.push.unshift({ kind: 'hangAfterApply' });
        const sending = phone.engine.sendNow();
        await Promise.race([sending, (async () => {
          while (network.pushes.length === pushesBefore) await settle(1);
        })()]);
        if (network.pushes.length === pushesBefore) network.faults.push.shift();
        phone.db.close();
        phone = open();
        break;
      }
    }
  }

  // The weather clears: the phone keeps trying until the queue is empty.
  network.offline = false;
  network.faults.push = [];
  for (let round = 0; round < 20 && (await phone.db.outbox.count()) > 0; round++) {
    clock.advance(60 * 60_000);
    await phone.engine.sendNow();
  }
  await phone.engine.pullNow();

  expect(await phone.db.outbox.toArray()).toEqual([]);
  const applied = network.server.appliedLog.map((m) => m.mutationId);
  expect(new Set(applied).size).toBe(applied.length);
  expect(applied).toHaveLength(queued);
  expect(network.server.appliedLog.map((m) => m.seq)).toEqual(Array.from({ length: queued }, (_, i) => i + 1));
  for (const [key, line] of network.server.lines) expect([key, line.row.statusId]).toEqual([key, marks.get(key) ?? 1]);
  for (const [classId, time] of times) {
    expect(network.server.classes.get(classId)?.row).toMatchObject(time);
    expect(await phone.db.classes.get(classId)).toMatchObject(time);
  }
  for (const line of await phone.db.attendance.toArray()) expect(line.statusId).toBe(marks.get(`${line.classId}:${line.studentId}`) ?? 1);
  await phone.engine.stop();
  phone.db.close();
}

describe('the outbox and the server together', () => {
  it('apply every change exactly once, in order, whatever reloads, lost answers and offline spells happen', async () => {
    await fc.assert(fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 40 }), run), { numRuns: 60 });
  }, 180_000);
});
