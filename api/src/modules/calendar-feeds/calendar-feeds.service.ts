import {
  CALENDAR_FEED_MESSAGES, CALENDAR_FEED_MONTHS_AHEAD, CALENDAR_FEED_MONTHS_BACK,
  type CalendarFeedCreated, type CalendarFeedStatus,
} from '@rollbook/shared-types/calendar-feeds';
import { DateTime } from 'luxon';
import type { Db } from '../../db/create-db.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { LONDON } from '../../lib/london-time.js';
import { newSecretToken, secretTokenHash } from '../../lib/secret-token.js';
import { principalFromRoles, type Principal } from '../../plugins/auth.js';
import { rolesOf } from '../users/users.repository.js';
import { deleteFeedOfUser, findFeedOfUser, findFeedOwner, noteFeedFetched, replaceFeedToken } from './calendar-feeds.repository.js';
import { feedCalendar } from './feed-calendar.js';
import { feedClasses } from './feed-classes.repository.js';

export const FEED_PATH_PREFIX = '/api/calendar/feeds/';

// A newSecretToken (lib/secret-token.ts): 43 base64url characters.
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

export const feedTokenHash = secretTokenHash;

/** The token of a "{token}.ics" file name, or null for anything that cannot be one. */
export function tokenOfFeedFile(file: string): string | null {
  return TOKEN_PATTERN.exec(file)?.[1] ?? null;
}

function assertTeacherOrStudent(principal: Principal): void {
  if (principal.teacherId === null && principal.studentId === null) throw forbidden(CALENDAR_FEED_MESSAGES.notATeacherOrStudent);
}

export async function feedStatus(db: Db, principal: Principal): Promise<CalendarFeedStatus> {
  assertTeacherOrStudent(principal);
  const row = await findFeedOfUser(db, principal.userId);
  return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null, lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null };
}

/** A new feed URL for the caller; any earlier one stops working in the same statement. */
export async function createFeed(db: Db, principal: Principal): Promise<CalendarFeedCreated> {
  assertTeacherOrStudent(principal);
  const token = newSecretToken();
  const createdAt = await replaceFeedToken(db, principal.userId, feedTokenHash(token));
  return { path: `${FEED_PATH_PREFIX}${token}.ics`, createdAt: createdAt.toISOString() };
}

export async function stopFeed(db: Db, principal: Principal): Promise<CalendarFeedStatus> {
  assertTeacherOrStudent(principal);
  await deleteFeedOfUser(db, principal.userId);
  return { active: false, createdAt: null, lastFetchedAt: null };
}

/** The feed of a live token as iCalendar text; 404 for any other token (unknown, replaced, stopped, malformed). */
export async function renderFeed(db: Db, file: string, now = new Date()): Promise<string> {
  const token = tokenOfFeedFile(file);
  const userId = token === null ? undefined : await findFeedOwner(db, feedTokenHash(token));
  if (userId === undefined) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
  // Whose classes: the login's roles as they are now, not as when the URL was made.
  const owner = principalFromRoles(userId, await rolesOf(db, userId));
  const today = DateTime.fromJSDate(now, { zone: LONDON }).startOf('day');
  const classes = await feedClasses(db, owner, today.minus({ months: CALENDAR_FEED_MONTHS_BACK }).toJSDate(), today.plus({ months: CALENDAR_FEED_MONTHS_AHEAD }).toJSDate());
  await noteFeedFetched(db, userId);
  return feedCalendar(classes, 'Rollbook classes');
}
