import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/database.js';
import { dmy, londonDate, londonTime } from '../../../lib/london-time.js';
import type { ChangeOutcome } from '../../classes/reschedule.service.js';
import { ownSteps } from '../push.repository.js';
import { effectiveBase, isOwnHistory } from '../rebase.js';
import { rejected, type Answer, type MutationContext } from './mutation.js';

// What the two changes of a class's time (rescheduleClass, moveClassToEnd) share: baseVersion is
// the class's scheduleVersion, which only its time and length move (marking a register does not
// make a queued reschedule stale).

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
 * Applies `change` to the class. If someone else moved the class since the device's baseVersion,
 * the rules still answer first (a refusal is final); then an outcome already in place
 * (`alreadyDone`) is no conflict.
 */
export async function changeSchedule(
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
