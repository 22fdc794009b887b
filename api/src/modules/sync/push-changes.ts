import { MUTATION_REUSED_MESSAGE, type MutationEnvelope, type MutationResult } from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { lineKey } from '../attendance/attendance.repository.js';
import { heldRows, recordAnswers, type MutationRecord, type NewRecord, type StoredAnswer } from './push.repository.js';
import { applyMarks, applyMutation, markArgsOf, rejected, type Answer } from './sync-mutations.js';

// The changes of one push leg (push.service.ts): each change, or run of marks, in the
// savepoint sync_change with its record; the savepoint, the lock wait and what a refusal leaves.

/** 422: one mutation id sent with two different bodies, or taken by another installation. */
export class Reused extends AppError {
  constructor() {
    super(422, 'MUTATION_REUSED', MUTATION_REUSED_MESSAGE);
  }
}

/** How long a leg's later changes (and runs of marks) wait for a row another transaction holds. */
const LOCK_WAIT = '20ms';
const LOCK_NOT_AVAILABLE = '55P03';
export const sqlState = (err: unknown): string | undefined => (err as { code?: unknown } | null)?.code as string | undefined;

/** A rule refusal (AppError) or bad data the database refused (22xxx, 23xxx): the same every time. */
function refusalOf(err: unknown): string | null {
  if (err instanceof AppError) return err.message;
  const code = sqlState(err);
  if (typeof code === 'string' && /^2[23]/.test(code) && code !== '23505') return 'The server could not apply this change';
  return null;
}

export interface PushContext {
  principal: Principal;
  clientId: string;
  /** Where refusals that came from the database (not a rule) are logged. */
  warn?: (err: unknown, message: string) => void;
  /** The request hash of each mutation id of the push. */
  hashes: Map<string, string>;
}

export type Answers = Map<MutationEnvelope, MutationResult>;

export const hashOf = (ctx: PushContext, m: MutationEnvelope): string => ctx.hashes.get(m.mutationId) as string;

/** The change waited LOCK_WAIT for a row and was undone: the leg commits without it. */
export const BUSY = Symbol('busy');

export interface Step {
  m: MutationEnvelope;
  result: MutationResult;
  record: MutationRecord;
}

/** What a leg knows of its savepoint and lock wait, and how many changes it has applied. */
export interface Leg {
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
export async function applyAndRecord(trx: Kysely<DB>, ctx: PushContext, leg: Leg, m: MutationEnvelope): Promise<Step | typeof BUSY> {
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

/**
 * From pending[i] on: the next marks in seq order, each register line and id once, whatever their
 * classes. A push marks a few lines in each of several classes: runs of one class each cost the
 * same eight statements again per class (most of a push's time, spent by the API sending them).
 */
export function nextMarks(pending: MutationEnvelope[], i: number, answers: Answers, known: Map<string, MutationRecord>): MarkRun {
  const run: MarkRun = [];
  const lines = new Set<string>();
  const ids = new Set<string>();
  for (const m of pending.slice(i)) {
    const args = markArgsOf(m);
    const previous = run.at(-1);
    if (!args || answers.has(m) || known.has(m.mutationId) || lines.has(lineKey(args)) || ids.has(m.mutationId)) break;
    if (previous && m.seq !== previous.m.seq + 1) break;
    lines.add(lineKey(args));
    ids.add(m.mutationId);
    run.push({ m, args });
  }
  return run;
}

/** How many of the run's marks, from the first, have their class and line free (locking them). */
export async function freeMarks(trx: Kysely<DB>, run: MarkRun): Promise<number> {
  const held = await heldRows(trx, run.map((r) => r.args));
  const first = run.findIndex((r) => held.classes.has(r.args.classId) || held.lines.has(lineKey(r.args)));
  return first < 0 ? run.length : first;
}

/**
 * A run of marks in one markAttendance call (sync-mutations applyMarks) and one insert of their
 * records. It waits LOCK_WAIT at most, even as the leg's first change: null when it had to wait
 * longer or something in it was refused by a throw; it is undone and the caller goes one by one.
 */
export async function applyTogether(trx: Kysely<DB>, ctx: PushContext, leg: Leg, run: MarkRun): Promise<Step[] | null> {
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
