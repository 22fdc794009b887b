import { CLIENT_OTHER_USER_MESSAGE, type MutationEnvelope, type MutationResult, type PushRequest, type PushResponse } from '@rollbook/shared-types/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { runSettingActorInTransactions } from '../../db/audit-actor.js';
import { forbidden } from '../../lib/app-error.js';
import { withTransactionRetries } from '../../lib/transaction.js';
import type { Principal } from '../../plugins/auth.js';
import {
  applyAndRecord, applyTogether, BUSY, countFree, hashOf, nextRun, Reused, type Answers, type Leg, type PushContext,
} from './push-changes.js';
import { findRecords, lockClientAndFindRecords, seqRecorded, type MutationRecord } from './push.repository.js';
import { requestHash } from './request-hash.js';

// POST /api/sync/push. The path reads down: this file (the push, its legs and what each mutation
// is answered) → push-changes.ts (a change, or a run of them, in a savepoint with its record) →
// mutations/<kind>.ts (one handler per kind) → the online API's services → their repositories.
// A push is applied in as few transactions ("legs") as it can: usually one.
// A leg first locks the installation's row (push.repository lockClientAndFindRecords, in the
// statement that reads what was answered before), so the pushes of one installation run one after
// another and, under that lock, what was answered before (by id) and last_seq are exact. It then answers the mutations in seq order. Each change
// runs in a savepoint together with its record, so a change refused by a rule or by the data is
// undone alone and recorded as 'rejected' while the others stay. The next marks (each on its own
// register line, of any classes) share a savepoint: one markAttendance call (their classes locked
// and their status recomputed once) and one insert of their records; if that throws or has to
// wait, it is undone and they go one by one. last_seq moves with each insert of records. The changes, their records and last_seq
// commit together or not at all, so nothing is applied without its record: a push cut off
// anywhere (or whose answer is lost) is sent again and answered 'duplicate' for what committed.
//
// Locks: the client's row first, then data rows as each change takes them. A leg must not sit on
// the rows of many changes while it waits for a row someone else holds (a queue of pushes behind
// it, or a deadlock between two installations' batches), so only a leg's first change may wait
// as long as it takes. Before marks are applied, their classes and lines are locked waiting for
// nothing (attendance.service countFreeToMark): the marks before a row held elsewhere are applied, and
// the leg commits there. Other changes (reschedules) wait LOCK_WAIT at most, then that change
// alone is undone and the leg commits. The next leg starts with the change that could not go on.
// A deadlock (40P01) or serialization failure (40001) rolls the whole leg back and runs it again:
// nothing of it had committed, and the new run reads records and last_seq afresh.

function duplicateOf(record: MutationRecord, m: MutationEnvelope, hash: string): MutationResult {
  if (record.requestHash !== hash) throw new Reused();
  const { status, message, version, server } = record.result;
  return { mutationId: m.mutationId, seq: m.seq, status: 'duplicate', previous: status, ...defined({ message, version, server }) };
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const outOfOrder = (m: MutationEnvelope, lastSeq: number): MutationResult =>
  ({ mutationId: m.mutationId, seq: m.seq, status: 'outOfOrder', message: `Change ${lastSeq + 1} has not arrived yet` });

export async function pushMutations(db: Kysely<DB>, principal: Principal, req: PushRequest, warn?: PushContext['warn']): Promise<PushResponse> {
  // The same id twice in one batch is fine only if it is the same change.
  const hashes = new Map<string, string>();
  for (const m of req.mutations) {
    const hash = requestHash(req.clientId, m);
    if ((hashes.get(m.mutationId) ?? hash) !== hash) throw new Reused();
    hashes.set(m.mutationId, hash);
  }
  const ctx: PushContext = { principal, clientId: req.clientId, hashes, ...(warn ? { warn } : {}) };
  const answers: Answers = new Map();
  let pending = [...req.mutations].sort((a, b) => a.seq - b.seq);
  let lastSeq: number;
  do {
    // The leg sets the audit actor itself, with the device times of its changes.
    const leg = await runSettingActorInTransactions(() => withTransactionRetries(db, (trx) => runLeg(trx, ctx, pending)));
    // A leg answers at least one mutation (its first change may wait), so this ends; checked all the same.
    if (leg.answers.size === 0) throw new Error(`a push of ${ctx.clientId} made no progress`);
    for (const [m, result] of leg.answers) answers.set(m, result);
    lastSeq = leg.lastSeq;
    pending = pending.filter((m) => !answers.has(m));
  } while (pending.length > 0);
  return { results: req.mutations.map((m) => answers.get(m) as MutationResult), lastSeq };
}

/** One transaction over the pending mutations (in seq order): see the comment at the top. */
async function runLeg(trx: Kysely<DB>, ctx: PushContext, pending: MutationEnvelope[]): Promise<{ answers: Answers; lastSeq: number }> {
  const ids = [...new Set(pending.map((m) => m.mutationId))];
  const start = await lockClientAndFindRecords(trx, ctx.clientId, ctx.principal.userId, ids);
  // Rolled back with the transaction: another user's row is left as it was.
  if (start.userId !== ctx.principal.userId) throw forbidden(CLIENT_OTHER_USER_MESSAGE);
  let lastSeq = start.lastSeq;
  const known = new Map((start.records ?? await findRecords(trx, ids)).map((r) => [r.mutationId, r]));
  const answers: Answers = new Map();
  // Answered before: checked for all of them first, so a 422 applies nothing of this leg (and,
  // the ids of the first leg being the whole batch, nothing of the push unless another push of
  // this installation recorded a reused id between two legs).
  for (const m of pending) {
    const record = known.get(m.mutationId);
    if (record) answers.set(m, duplicateOf(record, m, hashOf(ctx, m)));
  }
  const leg: Leg = { savepoint: false, changes: 0 };
  let blocked = false;
  let singlyUntil = 0;
  for (let i = 0; i < pending.length; i++) {
    const m = pending[i] as MutationEnvelope;
    if (answers.has(m)) continue;
    const earlier = known.get(m.mutationId); // the same change twice in this batch
    if (earlier) {
      answers.set(m, duplicateOf(earlier, m, hashOf(ctx, m)));
    } else if (blocked || m.seq > lastSeq + 1) {
      blocked = true;
      answers.set(m, outOfOrder(m, lastSeq));
    } else if (m.seq <= lastSeq) {
      answers.set(m, await seqAlreadyUsed(trx, ctx, m));
    } else {
      // The next changes of a kind that goes together (marks), as far as their rows are free; if
      // that is refused by a throw, one by one. Rows held elsewhere: the leg commits, or as its
      // first change waits.
      const run = nextRun(pending, i, answers, known);
      if (run) {
        if (i < singlyUntil) run.changes = run.changes.slice(0, 1);
        const free = await countFree(trx, leg, ctx, run);
        if (free === 0 && leg.changes > 0) break;
        run.changes = run.changes.slice(0, Math.max(free, 1));
      }
      let steps = run && run.changes.length > 1 ? await applyTogether(trx, ctx, leg, run) : null;
      if (!steps) {
        singlyUntil = Math.max(singlyUntil, i + (run?.changes.length ?? 0));
        const step = await applyAndRecord(trx, ctx, leg, m);
        if (step === BUSY) break;
        steps = [step];
      }
      for (const step of steps) {
        answers.set(step.m, step.result);
        known.set(step.m.mutationId, step.record);
        lastSeq = step.m.seq;
      }
      leg.changes += steps.length;
      i += steps.length - 1;
    }
  }
  // last_seq was moved with each insert of records (push.repository recordAnswers).
  return { answers, lastSeq };
}

/** A seq at or below last_seq under a new id: taken by another change, or answered before the records were purged. */
async function seqAlreadyUsed(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope): Promise<MutationResult> {
  const answer = { mutationId: m.mutationId, seq: m.seq };
  if (await seqRecorded(trx, ctx.clientId, m.seq)) {
    return { ...answer, status: 'rejected', message: `Change number ${m.seq} was already used by another change of this device` };
  }
  // Records are kept 90 days.
  return { ...answer, status: 'duplicate', message: 'This change was answered more than 90 days ago' };
}
