import { MUTATION_REUSED_MESSAGE, type MutationEnvelope, type MutationResult, type PushRequest, type PushResponse } from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { requestHash } from './request-hash.js';
import { findRecords, heldLines, recordAnswers, seqRecorded, type MutationRecord, type NewRecord, type StoredAnswer } from './push.repository.js';
import { advanceClient, bindAndLockClient } from './sync-client.repository.js';
import { applyMarks, applyMutation, markArgsOf, rejected, type Answer } from './sync-mutations.js';

// POST /api/sync/push. A push is applied in as few transactions ("legs") as it can: usually one.
// A leg first locks the installation's row (sync-client.repository bindAndLockClient), so the
// pushes of one installation run one after another and, under that lock, what was answered
// before (by id) and last_seq are exact. It then answers the mutations in seq order. Each change
// runs in a savepoint together with its record, so a change refused by a rule or by the data is
// undone alone and recorded as 'rejected' while the others stay. The next marks on lines of one
// class share a savepoint: one markAttendance call (the class locked and its status recomputed
// once) and one insert of their records; if that throws or has to wait, it is undone and they go
// one by one. last_seq moves once, at the end of the leg. The changes, their records and last_seq
// commit together or not at all, so nothing is applied without its record: a push cut off
// anywhere (or whose answer is lost) is sent again and answered 'duplicate' for what committed.
//
// Locks: the client's row first, then data rows as each change takes them. A leg must not sit on
// the rows of many changes while it waits for a row someone else holds (a queue of pushes behind
// it, or a deadlock between two installations' batches), so only a leg's first change may wait
// as long as it takes. Before marks are applied, their class and lines are locked waiting for
// nothing (push.repository heldLines): the marks before a row held elsewhere are applied, and
// the leg commits there. Other changes (reschedules) wait LOCK_WAIT at most, then that change
// alone is undone and the leg commits. The next leg starts with the change that could not go on.
// A deadlock (40P01) or serialization failure (40001) rolls the whole leg back and runs it again:
// nothing of it had committed, and the new run reads records and last_seq afresh.

/** 422: one mutation id sent with two different bodies, or taken by another installation. */
class Reused extends AppError {
  constructor() {
    super(422, 'MUTATION_REUSED', MUTATION_REUSED_MESSAGE);
  }
}

/** How long a leg's later changes (and runs of marks) wait for a row another transaction holds. */
const LOCK_WAIT = '20ms';
const LOCK_NOT_AVAILABLE = '55P03';
/** 40001 serialization failure, 40P01 deadlock: running the transaction again is correct. */
const RETRYABLE = new Set(['40001', '40P01']);
const sqlState = (err: unknown): string | undefined => (err as { code?: unknown } | null)?.code as string | undefined;

async function withRetries<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(sqlState(err) ?? '')) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * 10 + Math.random() * 40));
    }
  }
}

/** A rule refusal (AppError) or bad data the database refused (22xxx, 23xxx): the same every time. */
function refusalOf(err: unknown): string | null {
  if (err instanceof AppError) return err.message;
  const code = sqlState(err);
  if (typeof code === 'string' && /^2[23]/.test(code) && code !== '23505') return 'The server could not apply this change';
  return null;
}

function duplicateOf(record: MutationRecord, m: MutationEnvelope, hash: string): MutationResult {
  if (record.requestHash !== hash) throw new Reused();
  const { status, message, version, server } = record.result;
  return { mutationId: m.mutationId, seq: m.seq, status: 'duplicate', previous: status, ...defined({ message, version, server }) };
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const outOfOrder = (m: MutationEnvelope, lastSeq: number): MutationResult =>
  ({ mutationId: m.mutationId, seq: m.seq, status: 'outOfOrder', message: `Change ${lastSeq + 1} has not arrived yet` });

export interface PushContext {
  principal: Principal;
  clientId: string;
  /** Where refusals that came from the database (not a rule) are logged. */
  warn?: (err: unknown, message: string) => void;
  /** The request hash of each mutation id of the push. */
  hashes: Map<string, string>;
}

type Answers = Map<MutationEnvelope, MutationResult>;

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
    const leg = await withRetries(() => db.transaction().execute((trx) => runLeg(trx, ctx, pending)));
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
  const start = await bindAndLockClient(trx, ctx.clientId, ctx.principal.userId);
  let lastSeq = start.lastSeq;
  const known = new Map((await findRecords(trx, [...new Set(pending.map((m) => m.mutationId))])).map((r) => [r.mutationId, r]));
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
      // The next marks of one class together, as far as their rows are free; if that is refused
      // by a throw, one by one. Rows held elsewhere: the leg commits, or as its first change waits.
      let run = marksOfOneClass(pending, i, answers, known).slice(0, i < singlyUntil ? 1 : undefined);
      if (run.length > 0) {
        const free = await freeMarks(trx, run);
        if (free === 0 && leg.changes > 0) break;
        run = run.slice(0, Math.max(free, 1));
      }
      let steps = run.length > 1 ? await applyTogether(trx, ctx, leg, run) : null;
      if (!steps) {
        singlyUntil = Math.max(singlyUntil, i + run.length);
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
  if (lastSeq !== start.lastSeq) await advanceClient(trx, ctx.clientId, lastSeq);
  return { answers, lastSeq };
}

const hashOf = (ctx: PushContext, m: MutationEnvelope): string => ctx.hashes.get(m.mutationId) as string;

/** A seq at or below last_seq under a new id: taken by another change, or answered before the records were purged. */
async function seqAlreadyUsed(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope): Promise<MutationResult> {
  const answer = { mutationId: m.mutationId, seq: m.seq };
  if (await seqRecorded(trx, ctx.clientId, m.seq)) {
    return { ...answer, status: 'rejected', message: `Change number ${m.seq} was already used by another change of this device` };
  }
  // Records are kept 90 days.
  return { ...answer, status: 'duplicate', message: 'This change was answered more than 90 days ago' };
}

/** The change waited LOCK_WAIT for a row and was undone: the leg commits without it. */
const BUSY = Symbol('busy');

interface Step {
  m: MutationEnvelope;
  result: MutationResult;
  record: MutationRecord;
}

/** What a leg knows of its savepoint and lock wait, and how many changes it has applied. */
interface Leg {
  savepoint: boolean;
  lockTimeout?: string;
  changes: number;
}

/**
 * Each change (or run of marks) runs in the savepoint sync_change, with the wait for rows set
 * before it (no limit, or LOCK_WAIT). Single statements: PGlite runs no multi-statement queries.
 */
async function openSavepoint(trx: Kysely<DB>, leg: Leg, mayWait: boolean): Promise<void> {
  if (leg.savepoint) await sql`release savepoint sync_change`.execute(trx);
  const lockTimeout = mayWait ? '0' : LOCK_WAIT;
  if (leg.lockTimeout !== lockTimeout) await sql.raw(`set local lock_timeout = '${lockTimeout}'`).execute(trx);
  leg.lockTimeout = lockTimeout;
  await sql`savepoint sync_change`.execute(trx);
  leg.savepoint = true;
}

const undoChange = (trx: Kysely<DB>) => sql`rollback to savepoint sync_change`.execute(trx);

/** One change and its record. The first change of a leg may wait for rows as long as it takes; the later ones LOCK_WAIT, then BUSY. */
async function applyAndRecord(trx: Kysely<DB>, ctx: PushContext, leg: Leg, m: MutationEnvelope): Promise<Step | typeof BUSY> {
  const mayWait = leg.changes === 0;
  await openSavepoint(trx, leg, mayWait);
  let outcome: Answer;
  try {
    outcome = await applyMutation({ trx, principal: ctx.principal, clientId: ctx.clientId }, m);
    const [step] = await record(trx, ctx, [{ m, outcome }]);
    return step as Step;
  } catch (err) {
    const busy = !mayWait && sqlState(err) === LOCK_NOT_AVAILABLE;
    const reason = busy || err instanceof Reused ? null : refusalOf(err);
    if (!busy && reason === null) throw err;
    await undoChange(trx);
    if (busy) return BUSY;
    if (!(err instanceof AppError)) ctx.warn?.(err, `offline change ${m.mutationId} refused by the database`);
    outcome = rejected(reason as string);
  }
  const [step] = await record(trx, ctx, [{ m, outcome }]);
  return step as Step;
}

type MarkRun = { m: MutationEnvelope; args: NonNullable<ReturnType<typeof markArgsOf>> }[];

/** From pending[i] on: the next marks in seq order on lines of one class, each line and id once. */
function marksOfOneClass(pending: MutationEnvelope[], i: number, answers: Answers, known: Map<string, MutationRecord>): MarkRun {
  const run: MarkRun = [];
  const lines = new Set<number>();
  for (const m of pending.slice(i)) {
    const args = markArgsOf(m);
    const previous = run.at(-1);
    if (!args || answers.has(m) || known.has(m.mutationId) || lines.has(args.studentId)) break;
    if (previous && (m.seq !== previous.m.seq + 1 || args.classId !== previous.args.classId || m.mutationId === previous.m.mutationId)) break;
    lines.add(args.studentId);
    run.push({ m, args });
  }
  return run;
}

/** How many of the run's marks, from the first, have their class and line free (locking them). */
async function freeMarks(trx: Kysely<DB>, run: MarkRun): Promise<number> {
  const { classHeld, held } = await heldLines(trx, (run[0] as MarkRun[number]).args.classId, run.map((r) => r.args.studentId));
  if (classHeld) return 0;
  const first = run.findIndex((r) => held.has(r.args.studentId));
  return first < 0 ? run.length : first;
}

/**
 * A run of marks in one markAttendance call (sync-mutations applyMarks) and one insert of their
 * records. It waits LOCK_WAIT at most, even as the leg's first change: null when it had to wait
 * longer or something in it was refused by a throw; it is undone and the caller goes one by one.
 */
async function applyTogether(trx: Kysely<DB>, ctx: PushContext, leg: Leg, run: MarkRun): Promise<Step[] | null> {
  await openSavepoint(trx, leg, false);
  try {
    const outcomes = await applyMarks({ trx, principal: ctx.principal, clientId: ctx.clientId }, run.map((r) => ({ args: r.args, baseVersion: r.m.baseVersion })));
    return await record(trx, ctx, run.map((r, i) => ({ m: r.m, outcome: outcomes[i] as Answer })));
  } catch (err) {
    if (err instanceof Reused || (sqlState(err) !== LOCK_NOT_AVAILABLE && refusalOf(err) === null)) throw err;
    await undoChange(trx);
    return null;
  }
}

async function record(trx: Kysely<DB>, ctx: PushContext, done: { m: MutationEnvelope; outcome: Answer }[]): Promise<Step[]> {
  const rows: NewRecord[] = [];
  const steps: Step[] = [];
  for (const { m, outcome } of done) {
    const { target, versionBefore, versionAfter, ...shown } = outcome;
    const stored: StoredAnswer = { ...shown, args: m.args };
    const fields = { mutationId: m.mutationId, clientId: ctx.clientId, seq: m.seq, requestHash: hashOf(ctx, m) };
    rows.push({
      ...fields, userId: ctx.principal.userId, name: m.name, answer: stored, madeAt: m.madeAt,
      target: target ?? null, versionBefore: versionBefore ?? null, versionAfter: versionAfter ?? null,
    });
    steps.push({ m, result: { mutationId: m.mutationId, seq: m.seq, ...shown }, record: { ...fields, result: stored } });
  }
  if (await recordAnswers(trx, rows) !== rows.length) throw new Reused();
  return steps;
}
