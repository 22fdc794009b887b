import {
  MUTATION_ARGS, MUTATION_NAMES, MUTATION_REUSED_MESSAGE, type MutationEnvelope, type MutationName, type MutationResult,
} from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { ACTOR_SETTING, setAuditActor, type AuditSetting } from '../../db/audit-actor.js';
import type { DB } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { sqlStateOf } from '../../lib/transaction.js';
import type { Principal } from '../../plugins/auth.js';
import { markAllAttendedMutation } from './mutations/mark-all-attended.js';
import { markAttendanceMutation } from './mutations/mark-attendance.js';
import { moveClassToEndMutation } from './mutations/move-class-to-end.js';
import { rejected, type Answer, type MutationContext, type MutationHandler } from './mutations/mutation.js';
import { rescheduleClassMutation } from './mutations/reschedule-class.js';
import { recordAnswers, type MutationRecord, type NewRecord, type StoredAnswer } from './push.repository.js';

// The changes of one push leg (push.service.ts): each change, or run of changes of one kind, in
// the savepoint sync_change with its record; the savepoint, the lock wait and what a refusal
// leaves. Each kind of change has its handler (mutations/), which applies it through the services
// of the online API.

/** One handler per kind of change, given the args as the contract's MUTATION_ARGS reads them. */
const HANDLERS: { [K in MutationName]: MutationHandler<z.output<(typeof MUTATION_ARGS)[K]>> } = {
  markAttendance: markAttendanceMutation,
  rescheduleClass: rescheduleClassMutation,
  moveClassToEnd: moveClassToEndMutation,
  markAllAttended: markAllAttendedMutation,
};

/** 422: one mutation id sent with two different bodies, or taken by another installation. */
export class Reused extends AppError {
  constructor() {
    super(422, 'MUTATION_REUSED', MUTATION_REUSED_MESSAGE);
  }
}

/** How long a leg's later changes (and runs of changes) wait for a row another transaction holds. */
const LOCK_WAIT = '20ms';
const LOCK_NOT_AVAILABLE = '55P03';

/** A rule refusal (AppError) or bad data the database refused (22xxx, 23xxx): the same every time. */
function refusalOf(err: unknown): string | null {
  if (err instanceof AppError) return err.message;
  const code = sqlStateOf(err);
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

const mutationContext = (trx: Kysely<DB>, ctx: PushContext): MutationContext => ({ trx, principal: ctx.principal, clientId: ctx.clientId });

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
  /** The audit actor (rollbook.actor) the last probe of a run's rows set for that run, if still set. */
  actor?: string;
  changes: number;
}

const isMutationName = (name: string): name is MutationName => (MUTATION_NAMES as readonly string[]).includes(name);

type Handled = { handler: MutationHandler<unknown>; args: unknown } | { refusal: Answer };

/** The change's handler and its args as the contract reads them, or the answer refusing it. */
function readChange(m: MutationEnvelope): Handled {
  if (!isMutationName(m.name)) return { refusal: rejected(`This app version sent a change the server does not know: ${m.name}`) };
  const parsed = MUTATION_ARGS[m.name].safeParse(m.args);
  if (!parsed.success) return { refusal: rejected(`This change is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'args'} ${i.message}`).join('; ')}`) };
  return { handler: HANDLERS[m.name] as MutationHandler<unknown>, args: parsed.data };
}

// Each change is read once per push: nextRun looks ahead over the same changes at every step of
// a leg (and again in a leg run after a retry), and the change applied alone is read once more.
const readings = new WeakMap<MutationEnvelope, Handled>();

function handled(m: MutationEnvelope): Handled {
  let reading = readings.get(m);
  if (!reading) {
    reading = readChange(m);
    readings.set(m, reading);
  }
  return reading;
}

/**
 * Each change (or run of changes) runs in the savepoint sync_change, with the wait for rows set
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
  leg.actor = undefined;
  let outcome: Answer;
  try {
    await setAuditActor(trx, { user: ctx.principal.userId, source: 'phone', at: m.madeAt });
    const change = handled(m);
    outcome = 'refusal' in change ? change.refusal : await change.handler.apply(mutationContext(trx, ctx), change.args, m.baseVersion);
    const [step] = await record(trx, ctx, [{ m, outcome }]);
    return step as Step;
  } catch (err) {
    const busy = !mayWait && sqlStateOf(err) === LOCK_NOT_AVAILABLE;
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

/** Consecutive changes of one kind that its handler applies together. */
export interface Run {
  together: NonNullable<MutationHandler<unknown>['together']>;
  changes: { m: MutationEnvelope; args: unknown }[];
}

/**
 * From pending[i] on: the next changes of pending[i]'s kind in seq order, each row and id once,
 * when that kind goes together (marks, whatever their classes: runs of one class each cost the
 * same eight statements again per class, most of a push's time, spent by the API sending them).
 * null when pending[i] is applied alone.
 */
export function nextRun(pending: MutationEnvelope[], i: number, answers: Answers, known: Map<string, MutationRecord>): Run | null {
  const name = (pending[i] as MutationEnvelope).name;
  const first = handled(pending[i] as MutationEnvelope);
  const together = 'handler' in first ? first.handler.together : undefined;
  if (!together) return null;
  const changes: Run['changes'] = [];
  const rows = new Set<string>();
  const ids = new Set<string>();
  for (const m of pending.slice(i)) {
    const change = m.name === name ? handled(m) : null;
    if (!change || !('args' in change) || answers.has(m) || known.has(m.mutationId) || ids.has(m.mutationId)) break;
    const row = together.rowKey(change.args);
    const previous = changes.at(-1);
    if (rows.has(row) || (previous && m.seq !== previous.m.seq + 1)) break;
    rows.add(row);
    ids.add(m.mutationId);
    changes.push({ m, args: change.args });
  }
  return changes.length > 0 ? { together, changes } : null;
}

/**
 * How many of the run's changes, from the first, have their rows free (locking them). The same
 * statement sets what applyTogether will need, saving it two round trips: the lock wait of a run
 * (LOCK_WAIT) and the audit actor of the whole run (if fewer are free, applyTogether sets the
 * actor of those again; if one or none, it is applied alone and sets its own).
 */
export async function countFree(trx: Kysely<DB>, leg: Leg, ctx: PushContext, run: Run): Promise<number> {
  const actor = JSON.stringify(deviceTimesOf(ctx, run));
  const free = await run.together.countFree(trx, run.changes.map((c) => c.args), { lock_timeout: LOCK_WAIT, [ACTOR_SETTING]: actor });
  leg.lockTimeout = LOCK_WAIT;
  leg.actor = actor;
  return free;
}

/**
 * A run in one call of its handler and one insert of their records. It waits LOCK_WAIT at most,
 * even as the leg's first change: null when it had to wait longer or something in it was refused
 * by a throw; it is undone and the caller goes one by one.
 */
export async function applyTogether(trx: Kysely<DB>, ctx: PushContext, leg: Leg, run: Run): Promise<Step[] | null> {
  await openSavepoint(trx, leg, false);
  try {
    const actor = deviceTimesOf(ctx, run);
    if (leg.actor !== JSON.stringify(actor)) await setAuditActor(trx, actor);
    const outcomes = await run.together.applyAll(mutationContext(trx, ctx), run.changes.map((c) => ({ args: c.args, baseVersion: c.m.baseVersion })));
    return await record(trx, ctx, run.changes.map((c, i) => ({ m: c.m, outcome: outcomes[i] as Answer })));
  } catch (err) {
    if (err instanceof Reused || (sqlStateOf(err) !== LOCK_NOT_AVAILABLE && refusalOf(err) === null)) throw err;
    await undoChange(trx);
    return null;
  }
}

/**
 * The audit actor of a run: each register line's entry takes the time its change was made on the
 * phone (keyed as the audit trail keys the line, which is the run's row key); anything else the
 * run changes (the classes' status) the time of its last change.
 */
function deviceTimesOf(ctx: PushContext, run: Run): AuditSetting {
  const times = Object.fromEntries(run.changes.map((c) => [run.together.rowKey(c.args), c.m.madeAt]));
  return { user: ctx.principal.userId, source: 'phone', at: (run.changes.at(-1) as Run['changes'][number]).m.madeAt, times };
}

async function record(trx: Kysely<DB>, ctx: PushContext, done: { m: MutationEnvelope; outcome: Answer }[]): Promise<Step[]> {
  const rows: NewRecord[] = [];
  const steps: Step[] = [];
  for (const { m, outcome } of done) {
    const { target, versionBefore, versionAfter, steps: lineSteps, ...shown } = outcome;
    const stored: StoredAnswer = { ...shown, args: m.args, ...(lineSteps ? { steps: lineSteps } : {}) };
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
