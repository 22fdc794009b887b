import { ATTENDANCE_MESSAGES, type AttendanceOutcome } from '@rollbook/shared-types/attendance';
import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import type { MarkAllAttendedArgs } from '@rollbook/shared-types/sync';
import type { MarkOptions } from '../../attendance/attendance.service.js';
import { registerTarget } from '../push.repository.js';
import { markTogether } from './mark-attendance.js';
import type { Answer, MutationHandler, TargetStep } from './mutation.js';

// markAllAttended ("All attended" on the phone): the lines of one class the teacher saw pending, set
// to attended as ONE queued change. Each line is settled exactly as a single mark would be (its own
// baseVersion, rebased on this device's history; a line someone else changed is a conflict and keeps
// their value) in one markAttendance call, with one rule more: only a pending line is set. A line
// the server holds in another status (absent, say), whoever marked it, this device included, is a
// conflict keeping it whatever its baseVersion; one already attended is simply applied. The answer
// is the change's: applied when every line is, else the first conflict (or refusal); `server.lines`
// carries every line's status and version now, and each line's step is recorded so this device's
// later marks of those lines rebase on it.

const PENDING_ONLY: MarkOptions = { onlyFrom: new Set([AttendanceStatus.Pending]) };

interface LineNow { studentId: number; statusId: number; version: number }

function lineNow(studentId: number, answer: Answer, outcome: AttendanceOutcome): LineNow | null {
  if (answer.status === 'applied' && answer.version !== undefined) return { studentId, statusId: AttendanceStatus.Attended, version: answer.version };
  const server = answer.server as { statusId?: number; version?: number } | undefined;
  const statusId = server?.statusId ?? outcome.statusId;
  const version = server?.version ?? outcome.version;
  return statusId == null || version == null ? null : { studentId, statusId, version };
}

export const markAllAttendedMutation: MutationHandler<MarkAllAttendedArgs> = {
  apply: async (ctx, { classId, lines }) => {
    const marks = lines.map((l) => ({ args: { classId, studentId: l.studentId, statusId: AttendanceStatus.Attended as 2 }, baseVersion: l.baseVersion }));
    const settled = await markTogether(ctx, marks, PENDING_ONLY);
    const answers = settled.map((s) => s.answer);
    const now = settled.flatMap(({ args, answer, outcome }) => lineNow(args.studentId, answer, outcome) ?? []);
    const steps = answers.flatMap(({ target, versionBefore, versionAfter }): TargetStep[] =>
      (target && versionBefore !== undefined && versionAfter !== undefined && versionAfter > versionBefore ? [{ target, versionBefore, versionAfter }] : []));
    const refused = answers.find((a) => a.status === 'conflict') ?? answers.find((a) => a.status === 'rejected');
    const verdict = refused
      ? { status: refused.status, message: refused.message ?? (refused.status === 'conflict' ? ATTENDANCE_MESSAGES.conflict : ATTENDANCE_MESSAGES.notSaved) }
      : { status: 'applied' as const };
    return { ...verdict, server: { lines: now }, target: registerTarget(classId), steps };
  },
};
