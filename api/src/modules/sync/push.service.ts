import { MUTATION_REUSED_MESSAGE, type MutationEnvelope, type MutationResult, type PushRequest, type PushResponse } from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { requestHash } from './request-hash.js';
import { findRecords, recordAnswer, seqRecorded, type MutationRecord, type StoredAnswer } from './push.repository.js';
import { advanceClient, bindAndLockClient } from './sync-client.repository.js';
import { applyMutation, rejected, type Answer } from './sync-mutations.js';

// POST /api/sync/push. A push is applied in as few transactions ("legs") as it can: usually one.
// A leg first locks the installation's row (sync-client.repository bindAndLockClient), so the
// pushes of one installation run one after another and, under that lock, what was answered
// before (by id) and last_seq are exact. It then answers the mutations in seq order: each change
// runs in a savepoint together with its record, so a change refused by a rule or by the data is
// undone alone and recorded as 'rejected' while the others stay; last_seq moves once, at the end.
// The changes, their records and last_seq commit together or not at all, so nothing is applied
// without its record: a push cut off anywhere (or a lost answer) is sent again and answered
// 'duplicate' for what committed.
//
// Locks: the client's row first, then data rows as each change takes them. A leg must not sit on
// the rows of many changes while it waits for a row someone else holds (a queue of pushes behind
// it, or a deadlock between two installations' batches): after its first change a leg waits
// LOCK_WAIT at most, then undoes only that change (its savepoint), commits what it has, and the
// next leg starts with it and waits as long as it takes, holding nothing but the client's row. A
// deadlock (40P01) or serialization failure (40001) rolls the whole leg back and runs it again:
// nothing of it had committed, and the new run reads records and last_seq afresh.

const reused = () => new AppError(422, 'MUTATION_REUSED', MUTATION_REUSED_MESSAGE);

/** How long a leg's later changes wait for a row another transaction holds before the leg commits. */
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
  if (record.requestHash !== hash) throw reused();
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
    if ((hashes.get(m.mutationId) ?? hash) !== hash) throw reused();
    hashes.set(m.mutationId, hash);
  }
  const ctx: PushContext = { principal, clientId: req.clientId, hashes, ...(warn ? { warn } : {}) };
  const answers: Answers = new Map();
  let pending = [...req.mutations].sort((a, b) => a.seq - b.seq);
  let lastSeq: number;
  do {
    // Each leg answers at least one mutation (its first change may wait), so this ends.
    const leg = await withRetries(() => db.transaction().execute((trx) => runLeg(trx, ctx, pending)));
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
  // Answered before: checked for all of them first, so a 422 applies nothing.
  for (const m of pending) {
    const record = known.get(m.mutationId);
    if (record) answers.set(m, duplicateOf(record, m, hashOf(ctx, m)));
  }
  let blocked = false;
  let changes = 0;
  for (const m of pending) {
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
      const step = await applyAndRecord(trx, ctx, m, { mayWait: changes === 0 });
      if (step === BUSY) break;
      changes++;
      answers.set(m, step.result);
      known.set(m.mutationId, step.record);
      lastSeq = m.seq;
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
  result: MutationResult;
  record: MutationRecord;
}

/**
 * One change and its record in a savepoint. The first change of a leg may wait for rows as long
 * as it takes; the later ones (mayWait false) wait LOCK_WAIT, then answer BUSY.
 */
async function applyAndRecord(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope, o: { mayWait: boolean }): Promise<Step | typeof BUSY> {
  // One round trip: the previous change's savepoint is let go and the wait bounded from then on.
  await sql.raw(o.mayWait ? 'savepoint sync_change' : `release savepoint sync_change; set local lock_timeout = '${LOCK_WAIT}'; savepoint sync_change`).execute(trx);
  let step: Step | null;
  try {
    step = await record(trx, ctx, m, await applyMutation({ trx, principal: ctx.principal, clientId: ctx.clientId }, m));
  } catch (err) {
    const busy = !o.mayWait && sqlState(err) === LOCK_NOT_AVAILABLE;
    const reason = busy ? null : refusalOf(err);
    if (!busy && reason === null) throw err;
    await sql`rollback to savepoint sync_change`.execute(trx);
    if (busy) return BUSY;
    if (!(err instanceof AppError)) ctx.warn?.(err, `offline change ${m.mutationId} refused by the database`);
    step = await record(trx, ctx, m, rejected(reason as string));
  }
  // The id is another installation's (this one's records were all read under its lock).
  if (!step) throw reused();
  return step;
}

async function record(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope, outcome: Answer): Promise<Step | null> {
  const { target, versionBefore, versionAfter, ...shown } = outcome;
  const stored: StoredAnswer = { ...shown, args: m.args };
  const fields = { mutationId: m.mutationId, clientId: ctx.clientId, seq: m.seq, requestHash: hashOf(ctx, m) };
  const recorded = await recordAnswer(trx, {
    ...fields, userId: ctx.principal.userId, name: m.name, answer: stored, madeAt: m.madeAt,
    target: target ?? null, versionBefore: versionBefore ?? null, versionAfter: versionAfter ?? null,
  });
  if (!recorded) return null;
  return { result: { mutationId: m.mutationId, seq: m.seq, ...shown }, record: { ...fields, result: stored } };
}
