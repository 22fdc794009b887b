import { randomUUID } from 'node:crypto';
import type { MutationEnvelope, MutationResult } from '@rollbook/shared-types/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonDate, londonTime } from '../../src/lib/london-time.js';
import { pushMutations } from '../../src/modules/sync/push.service.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, newClasses, newCourse, newTeacher } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The server alone against a simple model. A teacher's phone queues random marks and reschedules
// of two classes while offline and sends them in random batches; some answers are lost (the server
// committed, the phone never heard), some batches are sent again, some skip ahead (a gap). At the
// end the phone flushes its queue. The server must then hold exactly what applying every change
// once, in seq order, gives: each line's status and version, each class's time, status and
// schedule version, one record per change, and last_seq = the number of changes.

const ctx = useTestApp();

type Op =
  | { kind: 'mark'; cls: number; student: number; status: 1 | 2 | 5 }
  | { kind: 'reschedule'; cls: number; slot: number }
  | { kind: 'send'; size: number; lose: boolean; replay: boolean; skipFirst: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('mark' as const), cls: fc.nat(1), student: fc.nat(1), status: fc.constantFrom(1 as const, 2 as const, 5 as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), cls: fc.nat(1), slot: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('send' as const), size: fc.integer({ min: 1, max: 8 }), lose: fc.boolean(), replay: fc.boolean(), skipFirst: fc.boolean() }) },
);

/** Past slots, one day per class, so a move never clashes and marking stays allowed. */
const slotOf = (cls: number, slot: number) => hoursFromNow(-24 * (3 + cls) - slot - 1);
const dmyTime = (at: Date) => {
  const [y, m, d] = londonDate(at).split('-');
  return `${Number(d)}/${Number(m)}/${y} ${londonTime(at)}`;
};

interface Model {
  status: number[][];
  lineVersion: number[][];
  startsAt: number[];
  scheduleVersion: number[];
  marked: boolean[];
}

function applyToModel(model: Model, op: Op): void {
  if (op.kind === 'mark') {
    const row = model.status[op.cls] as number[];
    if (row[op.student] !== op.status) {
      row[op.student] = op.status;
      (model.lineVersion[op.cls] as number[])[op.student]! += 1;
    }
    model.marked[op.cls] = row.every((s) => s !== 1);
  } else if (op.kind === 'reschedule' && !model.marked[op.cls]) {
    const at = slotOf(op.cls, op.slot).getTime();
    if (model.startsAt[op.cls] !== at) {
      model.startsAt[op.cls] = at;
      model.scheduleVersion[op.cls]! += 1;
    }
  }
}

describe('push against a model', () => {
  it('ends with the server equal to applying every queued change once, in order, whatever the batches, losses and replays', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
      const teacher = await newTeacher(ctx.app, ctx.db);
      const courseId = await newCourse(ctx.db);
      const starts = [slotOf(0, 0), slotOf(1, 0)];
      const classIds = await newClasses(ctx.db, { courseId, teacher, starts });
      const studentIds = [(await createStudent(ctx.db)).studentId, (await createStudent(ctx.db)).studentId];
      await enrol(ctx.db, courseId, studentIds);
      const model: Model = {
        status: [[1, 1], [1, 1]], lineVersion: [[1, 1], [1, 1]], startsAt: starts.map((d) => d.getTime()), scheduleVersion: [1, 1], marked: [false, false],
      };
      const clientId = randomUUID();
      const known = new Map<string, number>();
      const outbox: { m: MutationEnvelope; target: string }[] = [];
      const sentBatches: MutationEnvelope[][] = [];
      let seq = 0;

      const send = async (batch: MutationEnvelope[], lose: boolean) => {
        if (batch.length === 0) return;
        sentBatches.push(batch);
        const res = await pushMutations(ctx.db, teacher.principal, { clientId, mutations: batch });
        expect(res.results.map((r) => r.status)).not.toContain('conflict');
        if (!lose) settle(res.results);
      };
      const settle = (results: MutationResult[]) => {
        for (const r of results) {
          if (r.status === 'outOfOrder') continue;
          const at = outbox.findIndex((o) => o.m.mutationId === r.mutationId);
          if (at < 0) continue;
          const [entry] = outbox.splice(at, 1);
          if (entry && r.version !== undefined) known.set(entry.target, Math.max(known.get(entry.target) ?? 1, r.version));
        }
      };

      for (const op of ops) {
        if (op.kind === 'send') {
          if (op.replay && sentBatches.length > 0) {
            await send(sentBatches[op.size % sentBatches.length] as MutationEnvelope[], op.lose);
          } else {
            await send(outbox.slice(op.skipFirst ? 1 : 0, (op.skipFirst ? 1 : 0) + op.size).map((o) => o.m), op.lose);
          }
          continue;
        }
        applyToModel(model, op);
        const classId = classIds[op.cls] as number;
        const target = op.kind === 'mark' ? `attendance:${classId}:${studentIds[op.student]}` : `class:${classId}`;
        const args = op.kind === 'mark'
          ? { classId, studentId: studentIds[op.student], statusId: op.status }
          : { classId, classDate: dmyTime(slotOf(op.cls, op.slot)), classLength: 60 };
        seq += 1;
        outbox.push({
          target,
          m: { mutationId: randomUUID(), seq, name: op.kind === 'mark' ? 'markAttendance' : 'rescheduleClass', args, baseVersion: known.get(target) ?? 1, madeAt: new Date().toISOString() },
        });
      }
      for (let round = 0; outbox.length > 0; round++) {
        expect(round).toBeLessThan(10);
        await send(outbox.slice(0, 50).map((o) => o.m), false);
      }

      const lines = await ctx.db.selectFrom('classAttendance').select(['classId', 'studentId', 'statusId', 'version']).where('classId', 'in', classIds).execute();
      for (const [c, classId] of classIds.entries()) {
        for (const [s, studentId] of studentIds.entries()) {
          const found = lines.find((l) => l.classId === classId && l.studentId === studentId);
          expect(found).toEqual({ classId, studentId, statusId: model.status[c]![s], version: model.lineVersion[c]![s] });
        }
      }
      const classes = await ctx.db.selectFrom('classes').select(['classId', 'startsAt', 'statusId', 'scheduleVersion']).where('classId', 'in', classIds).orderBy('classId').execute();
      expect(classes.map((c) => [c.startsAt.getTime(), c.statusId, c.scheduleVersion]))
        .toEqual(model.startsAt.map((at, c) => [at, model.marked[c] ? 3 : 1, model.scheduleVersion[c]]));
      const records = await ctx.db.selectFrom('appliedMutations').select('seq').where('clientId', '=', clientId).orderBy('seq').execute();
      expect(records.map((r) => r.seq)).toEqual(Array.from({ length: seq }, (_, i) => i + 1));
      const client = await ctx.db.selectFrom('syncClients').select('lastSeq').where('clientId', '=', clientId).executeTakeFirst();
      expect(client?.lastSeq ?? 0).toBe(seq);
    }), { numRuns: 25 });
  }, 240_000);
});
