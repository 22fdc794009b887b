import type { MoveClassToEndArgs } from '@rollbook/shared-types/sync';
import { moveClassToEnd } from '../../classes/reschedule.service.js';
import { changeSchedule } from './class-schedule-change.js';
import type { MutationHandler } from './mutation.js';

// moveClassToEnd: a class moved after the last of its series, through the online API's moveClassToEnd.

export const moveClassToEndMutation: MutationHandler<MoveClassToEndArgs> = {
  apply: (ctx, args, baseVersion) => changeSchedule(
    ctx, args.classId, baseVersion,
    () => moveClassToEnd(ctx.trx, ctx.principal, args.classId, { allowClashes: args.allowClashes }),
    // Someone else already put it last: what the teacher asked for holds.
    async (c) => {
      const later = await ctx.trx.selectFrom('classes').select('classId')
        .where('classSeriesId', '=', c.classSeriesId).where('startsAt', '>', c.startsAt).executeTakeFirst();
      return later === undefined;
    },
  ),
};
