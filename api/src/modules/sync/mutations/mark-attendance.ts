import { ATTENDANCE_MESSAGES, type AttendanceOutcome } from '@rollbook/shared-types/attendance';
import type { MarkAttendanceArgs } from '@rollbook/shared-types/sync';
import { countFreeToMark, markAttendance, NOT_PENDING_CONFLICT, type MarkOptions } from '../../attendance/attendance.service.js';
import { lineTarget, ownSteps, registerTarget } from '../push.repository.js';
import { effectiveBase, isOwnHistory } from '../rebase.js';
import { rejected, type Answer, type MutationContext, type MutationHandler } from './mutation.js';

// markAttendance: a register line set to attended, absent or back to pending, through the online
// API's markAttendance. baseVersion is the line's version: another student's line is another row,
// never a conflict. Consecutive marks go through one markAttendance call, as the online API marks
// several lines at once: each class is locked and its status recomputed once, not per mark.

async function markOnce(ctx: MutationContext, args: MarkAttendanceArgs, baseVersion: number, options: MarkOptions): Promise<AttendanceOutcome> {
  const { outcomes } = await markAttendance(ctx.trx, ctx.principal, [{ ...args, baseVersion }], options);
  const outcome = outcomes[0];
  if (!outcome) throw new Error('markAttendance answered no outcome');
  return outcome;
}

/**
 * A mark's outcome as an answer; a stale baseVersion is rebased on the device's own history first.
 * options are the ones the first outcome was given with (a rebased mark is tried again under them).
 */
export async function settleMark(ctx: MutationContext, args: MarkAttendanceArgs, base: number, first: AttendanceOutcome, options: MarkOptions = {}): Promise<Answer> {
  const target = lineTarget(args);
  let outcome = first;
  if (outcome.outcome === 'conflict' && outcome.version !== null && outcome.code !== NOT_PENDING_CONFLICT) {
    // The line is locked now: its version can not move before this transaction ends.
    const current = outcome.version;
    if (!isOwnHistory(base, current, await ownSteps(ctx.trx, ctx.clientId, target, base, registerTarget(args.classId)))) {
      if (outcome.statusId === args.statusId) return { status: 'applied', version: current, target, versionBefore: current, versionAfter: current };
      return conflictWithLine(outcome);
    }
    base = current;
    outcome = await markOnce(ctx, args, base, options);
  }
  if (outcome.outcome === 'conflict' && outcome.version !== null) return conflictWithLine(outcome);
  if (outcome.outcome !== 'applied' || outcome.version === null) return rejected(outcome.message ?? ATTENDANCE_MESSAGES.notSaved);
  return { status: 'applied', version: outcome.version, target, versionBefore: base, versionAfter: outcome.version };
}

/** A conflict keeps the server's line; the answer carries it for the phone to show. */
const conflictWithLine = (outcome: AttendanceOutcome): Answer =>
  ({ status: 'conflict', message: ATTENDANCE_MESSAGES.conflict, server: { statusId: outcome.statusId, version: outcome.version } });

/**
 * Marks in one markAttendance call (under options), each settled as a mark alone would be: its
 * args, its answer, and the outcome markAttendance first gave it.
 */
export async function markTogether(
  ctx: MutationContext, marks: { args: MarkAttendanceArgs; baseVersion: number }[], options: MarkOptions = {},
): Promise<{ args: MarkAttendanceArgs; answer: Answer; outcome: AttendanceOutcome }[]> {
  const bases = marks.map((m) => effectiveBase(m.baseVersion));
  const { outcomes } = await markAttendance(ctx.trx, ctx.principal, marks.map((m, i) => ({ ...m.args, baseVersion: bases[i] as number })), options);
  if (outcomes.length !== marks.length) throw new Error('markAttendance answered another number of outcomes');
  const settled: { args: MarkAttendanceArgs; answer: Answer; outcome: AttendanceOutcome }[] = [];
  for (const [i, m] of marks.entries()) {
    const outcome = outcomes[i] as AttendanceOutcome;
    settled.push({ args: m.args, answer: await settleMark(ctx, m.args, bases[i] as number, outcome, options), outcome });
  }
  return settled;
}

export const markAttendanceMutation: MutationHandler<MarkAttendanceArgs> = {
  apply: async (ctx, args, baseVersion) => {
    const base = effectiveBase(baseVersion);
    return settleMark(ctx, args, base, await markOnce(ctx, args, base, {}));
  },
  together: {
    rowKey: (args) => `${args.classId}:${args.studentId}`,
    countFree: countFreeToMark,
    applyAll: async (ctx, marks) => (await markTogether(ctx, marks)).map((m) => m.answer),
  },
};
