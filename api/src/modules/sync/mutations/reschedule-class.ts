import { CLASS_MESSAGES } from '@rollbook/shared-types/classes';
import { parseDmyTime } from '@rollbook/shared-types/dates';
import type { RescheduleClassArgs } from '@rollbook/shared-types/sync';
import { londonInstant } from '../../../lib/london-time.js';
import { rescheduleClass } from '../../classes/reschedule.service.js';
import { changeSchedule } from './class-schedule-change.js';
import { rejected, type MutationHandler } from './mutation.js';

// rescheduleClass: a class's new date, time and length, through the online API's rescheduleClass.

export const rescheduleClassMutation: MutationHandler<RescheduleClassArgs> = {
  apply: async (ctx, args, baseVersion) => {
    // The same parsing as the online UpdateClassDate route.
    const when = parseDmyTime(args.classDate);
    if (!when) return rejected(CLASS_MESSAGES.classDate);
    const input = { classId: args.classId, ...when, classLength: args.classLength };
    return changeSchedule(
      ctx, args.classId, baseVersion,
      () => rescheduleClass(ctx.trx, ctx.principal, input, { allowClashes: args.allowClashes }),
      async (c) => c.startsAt.getTime() === londonInstant(when.date, when.time).getTime() && c.classLength === args.classLength,
    );
  },
};
