import { randomBytes } from 'node:crypto';
import { feedTokenHash } from '../../src/modules/calendar-feeds/calendar-feeds.service.js';
import type { AccessCase, AccessContext } from './access-case.js';
import { onlyFor } from './access-case.js';

// Private calendar feeds: every teacher and student manages their own feed (there is no
// id to name, so no one else's); an admin has no classes of their own and no feed. The feed itself
// is public to the bearer hook: its token is the credential, whoever sends it.

const OWN = onlyFor('teacher', 'teacher2', 'student');

/** A live feed of teacher2, made afresh for each caller (another case may have replaced it). */
async function liveFeedPath(ctx: AccessContext): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.insertInto('calendarFeeds').values({ userId: ctx.userIds.teacher2, tokenHash: feedTokenHash(token) })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash: feedTokenHash(token) })).execute();
  return `/api/calendar/feeds/${token}.ics`;
}

export const cases: AccessCase[] = [
  { method: 'GET', route: '/api/calendar/feed', request: () => ({ url: '/api/calendar/feed' }), expect: OWN },
  { method: 'POST', route: '/api/calendar/feed', request: () => ({ url: '/api/calendar/feed' }), expect: OWN },
  { method: 'DELETE', route: '/api/calendar/feed', request: () => ({ url: '/api/calendar/feed' }), expect: OWN },
  {
    method: 'GET',
    route: '/api/calendar/feeds/:file',
    public: true,
    request: async (ctx) => ({ url: await liveFeedPath(ctx) }),
    expect: onlyFor('admin', 'teacher', 'teacher2', 'student'),
  },
];
