import { ATTENDANCE_MESSAGES, type AttendanceOutcome } from '@rollbook/shared-types/attendance';
import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { parseDmyTime } from '@rollbook/shared-types/dates';
import {
  MUTATION_ARGS, MUTATION_NAMES, type MarkAttendanceArgs, type MoveClassToEndArgs, type MutationEnvelope, type MutationName,
  type RescheduleClassArgs,
} from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { dmy, londonDate, londonInstant, londonTime } from '../../lib/london-time.js';
import type { Principal } from '../../plugins/auth.js';
import { markAttendance } from '../attendance/attendance.service.js';
import { moveClassToEnd, rescheduleClass, type ChangeOutcome } from '../classes/reschedule.service.js';
import { ownSteps } from './push.repository.js';
import { effectiveBase, isOwnHistory } from './rebase.js';

// One offline change applied in the caller's transaction, through the same service functions as
// the online API (attendance.service markAttendance, reschedule.service rescheduleClass and
// moveClassToEnd): every rule and message is theirs. What is added here is only what offline
// needs: the baseVersion check with rebasing on the device's own history, and the shape of the answer.
// A rule refusal from those services is thrown (AppError) and recorded as 'rejected' by the caller.

export interface Answer {
  status: 'applied' | 'rejected' | 'conflict';
  message?: string;
  version?: number;
  server?: Record<string, unknown>;
  /** For the record: the row changed and its version before and after. */
  target?: string;
  versionBefore?: number;
  versionAfter?: number;
}

export interface MutationContext {
  trx: Kysely<DB>;
  principal: Principal;
  clientId: string;
}

export const rejected = (message: string, server?: Record<string, unknown>): Answer =>
  ({ status: 'rejected', message, ...(server ? { server } : {}) });

const isMutationName = (name: string): name is MutationName => (MUTATION_NAMES as readonly string[]).includes(name);

export async function applyMutation(ctx: MutationContext, m: MutationEnvelope): Promise<Answer> {
  if (!isMutationName(m.name)) return rejected(`This app version sent a change the server does not know: ${m.name}`);
  const parsed = MUTATION_ARGS[m.name].safeParse(m.args);
  if (!parsed.success) return rejected(`This change is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'args'} ${i.message}`).join('; ')}`);
  switch (m.name) {
    case 'markAttendance': return mark(ctx, parsed.data as MarkAttendanceArgs, m.baseVersion);
    case 'rescheduleClass': return reschedule(ctx, parsed.data as RescheduleClassArgs, m.baseVersion);
    case 'moveClassToEnd': return moveToEnd(ctx, parsed.data as MoveClassToEndArgs, m.baseVersion);
  }
}

async function markOnce(ctx: MutationContext, args: MarkAttendanceArgs, baseVersion: number): Promise<AttendanceOutcome> {
  const { outcomes } = await markAttendance(ctx.trx, ctx.principal, [{ ...args, baseVersion }]);
  const outcome = outcomes[0];
  if (!outcome) throw new Error('markAttendance answered no outcome');
  return outcome;
}

/** baseVersion: the register line's version. Another student's line is another row: never a conflict. */
async function mark(ctx: MutationContext, args: MarkAttendanceArgs, baseVersion: number): Promise<Answer> {
  const base = effectiveBase(baseVersion);
  return settleMark(ctx, args, base, await markOnce(ctx, args, base));
}

/** A mark's outcome as an answer; a stale baseVersion is rebased on the device's own history first. */
async function settleMark(ctx: MutationContext, args: MarkAttendanceArgs, base: number, first: AttendanceOutcome): Promise<Answer> {
  const target = `attendance:${args.classId}:${args.studentId}`;
  let outcome = first;
  if (outcome.outcome === 'conflict' && outcome.version !== null) {
    // The line is locked now: its version can not move before this transaction ends.
    const current = outcome.version;
    if (!isOwnHistory(base, current, await ownSteps(ctx.trx, ctx.clientId, target, base))) {
      if (outcome.statusId === args.statusId) return { status: 'applied', version: current, target, versionBefore: current, versionAfter: current };
      return { status: 'conflict', message: ATTENDANCE_MESSAGES.conflict, server: { statusId: outcome.statusId, version: current } };
    }
    base = current;
    outcome = await markOnce(ctx, args, base);
  }
  if (outcome.outcome !== 'applied' || outcome.version === null) return rejected(outcome.message ?? 'Attendance was not saved');
  return { status: 'applied', version: outcome.version, target, versionBefore: base, versionAfter: outcome.version };
}

/** The arguments of a markAttendance change that the contract accepts, else null (applyMutation answers it). */
export function markArgsOf(m: MutationEnvelope): MarkAttendanceArgs | null {
  if (m.name !== 'markAttendance') return null;
  const parsed = MUTATION_ARGS.markAttendance.safeParse(m.args);
  return parsed.success ? parsed.data : null;
}

/**
 * Several marks, each on its own register line, in one markAttendance call, as the online API
 * marks several lines at once: each class is locked and its status recomputed once, not per mark.
 * Each answer is what applyMutation gives that mark alone (same rules, same rebase).
 */
export async function applyMarks(ctx: MutationContext, marks: { args: MarkAttendanceArgs; baseVersion: number }[]): Promise<Answer[]> {
  const bases = marks.map((m) => effectiveBase(m.baseVersion));
  const { outcomes } = await markAttendance(ctx.trx, ctx.principal, marks.map((m, i) => ({ ...m.args, baseVersion: bases[i] as number })));
  if (outcomes.length !== marks.length) throw new Error('markAttendance answered another number of outcomes');
  const answers: Answer[] = [];
  for (const [i, m] of marks.entries()) answers.push(await settleMark(ctx, m.args, bases[i] as number, outcomes[i] as AttendanceOutcome));
  return answers;
}

interface ScheduleRow {
  classId: number;
  classSeriesId: number;
  teacherId: number;
  scheduleVersion: number;
  startsAt: Date;
  classLength: number;
}

async function lockSchedule(trx: Kysely<DB>, classId: number): Promise<ScheduleRow | undefined> {
  return trx.selectFrom('classes')
    .select(['classId', 'classSeriesId', 'teacherId', 'scheduleVersion', 'startsAt', 'classLength'])
    .where('classId', '=', classId).forUpdate().executeTakeFirst();
}

/** What a phone shows of a class's time: the server's side of a reschedule conflict. */
function scheduleValue(c: ScheduleRow): Record<string, unknown> {
  return {
    startsAt: c.startsAt.toISOString(), classDateString: dmy(londonDate(c.startsAt)), time: londonTime(c.startsAt),
    classLength: c.classLength, scheduleVersion: c.scheduleVersion,
  };
}

/** Runs work and undoes it whatever happens: asks the rules without changing anything. */
async function dryRun<T>(trx: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  await sql`savepoint sync_dry_run`.execute(trx);
  try {
    return await work();
  } finally {
    await sql`rollback to savepoint sync_dry_run`.execute(trx);
  }
}

/**
 * baseVersion: the class's scheduleVersion, which only its time and length move (marking a
 * register does not make a queued reschedule stale). If someone else moved the class since, the
 * rules still answer first (a refusal is final); then an identical outcome is no conflict.
 */
async function changeSchedule(
  ctx: MutationContext, classId: number, baseVersion: number,
  change: () => Promise<ChangeOutcome>, alreadyDone: (c: ScheduleRow) => Promise<boolean>,
): Promise<Answer> {
  const target = `class:${classId}`;
  const found = await lockSchedule(ctx.trx, classId);
  const yours = found && (ctx.principal.isAdmin || found.teacherId === ctx.principal.teacherId);
  const base = effectiveBase(baseVersion);
  // Not the caller's class: no conflict check (it would show another teacher's class); the
  // service refuses it exactly as the online API does.
  if (found && yours && base !== found.scheduleVersion
    && !isOwnHistory(base, found.scheduleVersion, await ownSteps(ctx.trx, ctx.clientId, target, base))) {
    const trial = await dryRun(ctx.trx, change);
    if (trial.kind === 'clashes') return rejected(CLASS_MESSAGES.clash, { ...scheduleValue(found), clashes: trial.clashes });
    if (await alreadyDone(found)) {
      return { status: 'applied', version: found.scheduleVersion, target, versionBefore: found.scheduleVersion, versionAfter: found.scheduleVersion };
    }
    return { status: 'conflict', message: 'This class was moved by someone else since you changed it', server: scheduleValue(found) };
  }
  const outcome = await change();
  if (!found) throw new Error(`class ${classId} was changed but is not there`);
  if (outcome.kind === 'clashes') return rejected(CLASS_MESSAGES.clash, { ...scheduleValue(found), clashes: outcome.clashes });
  const after = await ctx.trx.selectFrom('classes').select('scheduleVersion').where('classId', '=', classId).executeTakeFirstOrThrow();
  return { status: 'applied', version: after.scheduleVersion, target, versionBefore: found.scheduleVersion, versionAfter: after.scheduleVersion };
}

async function reschedule(ctx: MutationContext, args: RescheduleClassArgs, baseVersion: number): Promise<Answer> {
  // The same parsing as the online UpdateClassDate route.
  const when = parseDmyTime(args.classDate);
  if (!when) return rejected(CLASS_MESSAGES.classDate);
  const input = { classId: args.classId, ...when, classLength: args.classLength };
  return changeSchedule(
    ctx, args.classId, baseVersion,
    () => rescheduleClass(ctx.trx, ctx.principal, input, { allowClashes: args.allowClashes }),
    async (c) => c.startsAt.getTime() === londonInstant(when.date, when.time).getTime() && c.classLength === args.classLength,
  );
}

async function moveToEnd(ctx: MutationContext, args: MoveClassToEndArgs, baseVersion: number): Promise<Answer> {
  return changeSchedule(
    ctx, args.classId, baseVersion,
    () => moveClassToEnd(ctx.trx, ctx.principal, args.classId, { allowClashes: args.allowClashes }),
    // Someone else already put it last: what the teacher asked for holds.
    async (c) => {
      const later = await ctx.trx.selectFrom('classes').select('classId')
        .where('classSeriesId', '=', c.classSeriesId).where('startsAt', '>', c.startsAt).executeTakeFirst();
      return later === undefined;
    },
  );
}
