import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

// The feed rows (table calendar_feeds): one per login, found by the SHA-256 of its token.

export interface FeedRow {
  createdAt: Date;
  lastFetchedAt: Date | null;
}

export async function findFeedOfUser(db: Db, userId: number): Promise<FeedRow | undefined> {
  return db.selectFrom('calendarFeeds').select(['createdAt', 'lastFetchedAt']).where('userId', '=', userId).executeTakeFirst();
}

/** Puts a new token hash on the user's feed (making it when there is none): the old hash is gone. */
export async function replaceFeedToken(db: Db, userId: number, tokenHash: string): Promise<Date> {
  const { createdAt } = await db.insertInto('calendarFeeds')
    .values({ userId, tokenHash })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash, createdAt: sql<Date>`now()`, lastFetchedAt: null }))
    .returning('createdAt')
    .executeTakeFirstOrThrow();
  return createdAt;
}

export async function deleteFeedOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('calendarFeeds').where('userId', '=', userId).execute();
}

/** The user a live token belongs to, provided that login is still active (a disabled login's feed answers 404). */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db.selectFrom('calendarFeeds')
    .innerJoin('users', 'users.userId', 'calendarFeeds.userId')
    .select('calendarFeeds.userId')
    .where('calendarFeeds.tokenHash', '=', tokenHash)
    .where('users.active', '=', true)
    .executeTakeFirst();
  return row?.userId;
}

/** Notes a fetch, at most once an hour per feed, so polling calendar apps do not write on every call. */
export async function noteFeedFetched(db: Db, userId: number): Promise<void> {
  await db.updateTable('calendarFeeds')
    .set({ lastFetchedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastFetchedAt', 'is', null), eb('lastFetchedAt', '<', sql<Date>`now() - interval '1 hour'`)]))
    .execute();
}
