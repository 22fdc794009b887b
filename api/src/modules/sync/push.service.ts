import { MUTATION_REUSED_MESSAGE, type MutationEnvelope, type MutationResult, type PushRequest, type PushResponse } from '@rollbook/shared-types/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { requestHash } from './request-hash.js';
import { findRecords, recordAnswer, seqRecorded, type MutationRecord, type StoredAnswer } from './push.repository.js';
import { bindClient, lockClient } from './sync-client.repository.js';
import { applyMutation, rejected, type Answer } from './sync-mutations.js';

// POST /api/sync/push. Mutations are answered in seq order, each in its own transaction that
// applies the change and, in one last statement, stores the answer and moves the client's
// last_seq from seq - 1 to seq: a change and its record commit together or not at all. When that
// statement finds the id already recorded or last_seq elsewhere (another push of the same
// installation got there first), the transaction rolls back and the mutation is looked at again
// under the client's row lock: duplicate, out of order, or go. So ten identical pushes in parallel
// apply once; the others answer 'duplicate'. Locks are always taken data rows first, client row
// last, so two pushes of one installation can not deadlock each other.

const reused = () => new AppError(422, 'MUTATION_REUSED', MUTATION_REUSED_MESSAGE);

/** Refused by a rule (or by the data itself): final, stored as 'rejected'. */
class Refused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

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

interface Step {
  result: MutationResult;
  lastSeq: number;
}

export interface PushContext {
  principal: Principal;
  clientId: string;
  /** Where refusals that came from the database (not a rule) are logged. */
  warn?: (err: unknown, message: string) => void;
}

export async function pushMutations(db: Kysely<DB>, principal: Principal, req: PushRequest, warn?: PushContext['warn']): Promise<PushResponse> {
  const ctx: PushContext = { principal, clientId: req.clientId, ...(warn ? { warn } : {}) };
  let { lastSeq } = await bindClient(db, req.clientId, principal.userId);
  // The same id twice in one batch is fine only if it is the same change.
  const hashes = new Map<string, string>();
  for (const m of req.mutations) {
    const hash = requestHash(req.clientId, m);
    if ((hashes.get(m.mutationId) ?? hash) !== hash) throw reused();
    hashes.set(m.mutationId, hash);
  }
  // Answered before: checked for the whole batch first, so a 422 applies nothing.
  const known = new Map((await findRecords(db, [...hashes.keys()])).map((r) => [r.mutationId, r]));
  const answers = new Map<MutationEnvelope, MutationResult>();
  for (const m of req.mutations) {
    const record = known.get(m.mutationId);
    if (record) answers.set(m, duplicateOf(record, m, hashes.get(m.mutationId) as string));
  }

  let blocked = false;
  for (const m of [...req.mutations].sort((a, b) => a.seq - b.seq)) {
    if (answers.has(m)) continue;
    if (blocked || m.seq > lastSeq + 1) {
      blocked = true;
      answers.set(m, outOfOrder(m, lastSeq));
      continue;
    }
    const step = await processOne(db, ctx, m, hashes.get(m.mutationId) as string, lastSeq);
    answers.set(m, step.result);
    lastSeq = Math.max(lastSeq, step.lastSeq);
    if (step.result.status === 'outOfOrder') blocked = true;
  }
  return { results: req.mutations.map((m) => answers.get(m) as MutationResult), lastSeq };
}

const outOfOrder = (m: MutationEnvelope, lastSeq: number): MutationResult =>
  ({ mutationId: m.mutationId, seq: m.seq, status: 'outOfOrder', message: `Change ${lastSeq + 1} has not arrived yet` });

/** The record statement found the mutation already answered or last_seq moved: ask again under the lock. */
class Stale extends Error {}

/**
 * One mutation. `lastSeq` is what this push last knew of the client; when it says the mutation is
 * next, the change is tried straight away, else (or when that attempt finds things moved) the
 * client row is locked and the mutation judged: answered before, out of order, or next.
 */
async function processOne(db: Kysely<DB>, ctx: PushContext, m: MutationEnvelope, hash: string, lastSeq: number): Promise<Step> {
  let mustJudge = m.seq !== lastSeq + 1;
  for (let attempt = 1; attempt <= 5; attempt++) {
    if (mustJudge) {
      const judged = await withRetries(() => db.transaction().execute((trx) => judge(trx, ctx, m, hash)));
      if ('result' in judged) return judged;
    }
    try {
      return await withRetries(() => db.transaction().execute((trx) => applyAndRecord(trx, ctx, m, hash)));
    } catch (err) {
      if (err instanceof Refused) {
        // Nothing of the change was kept (its transaction rolled back): store the refusal on its own.
        try {
          return await withRetries(() => db.transaction().execute((trx) => record(trx, ctx, m, hash, rejected(err.reason))));
        } catch (again) {
          if (!(again instanceof Stale)) throw again;
        }
      } else if (!(err instanceof Stale)) {
        throw err;
      }
      mustJudge = true;
    }
  }
  throw new Error(`offline change ${m.mutationId} kept racing another push`);
}

/** Under the client's lock: answered before (by id, or its seq by another change), out of order, or next. */
async function judge(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope, hash: string): Promise<Step | { lastSeq: number }> {
  const client = await lockClient(trx, ctx.clientId);
  if (!client) throw new Error(`sync client ${ctx.clientId} vanished`);
  const { lastSeq } = client;
  const [recorded] = await findRecords(trx, [m.mutationId]);
  if (recorded) return { result: duplicateOf(recorded, m, hash), lastSeq };
  const answer = (result: Omit<MutationResult, 'mutationId' | 'seq'>): Step => ({ result: { mutationId: m.mutationId, seq: m.seq, ...result }, lastSeq });
  if (m.seq > lastSeq + 1) return { result: outOfOrder(m, lastSeq), lastSeq };
  if (m.seq <= lastSeq) {
    if (await seqRecorded(trx, ctx.clientId, m.seq)) {
      return answer({ status: 'rejected', message: `Change number ${m.seq} was already used by another change of this device` });
    }
    // Answered so long ago that the record was purged (kept 90 days).
    return answer({ status: 'duplicate', message: 'This change was answered more than 90 days ago' });
  }
  return { lastSeq };
}

async function applyAndRecord(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope, hash: string): Promise<Step> {
  let outcome: Answer;
  try {
    outcome = await applyMutation({ trx, principal: ctx.principal, clientId: ctx.clientId }, m);
  } catch (err) {
    const reason = refusalOf(err);
    if (reason === null) throw err;
    if (!(err instanceof AppError)) ctx.warn?.(err, `offline change ${m.mutationId} refused by the database`);
    throw new Refused(reason);
  }
  return record(trx, ctx, m, hash, outcome);
}

async function record(trx: Kysely<DB>, ctx: PushContext, m: MutationEnvelope, hash: string, outcome: Answer): Promise<Step> {
  const { target, versionBefore, versionAfter, ...shown } = outcome;
  const stored: StoredAnswer = { ...shown, args: m.args };
  const recorded = await recordAnswer(trx, {
    mutationId: m.mutationId, clientId: ctx.clientId, userId: ctx.principal.userId, seq: m.seq, name: m.name, requestHash: hash,
    answer: stored, madeAt: m.madeAt, target: target ?? null, versionBefore: versionBefore ?? null, versionAfter: versionAfter ?? null,
  });
  // Rolls the change back; processOne looks again under the lock.
  if (!recorded) throw new Stale();
  return { result: { mutationId: m.mutationId, seq: m.seq, ...shown }, lastSeq: m.seq };
}
