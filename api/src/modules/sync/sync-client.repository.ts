import { CLIENT_OTHER_USER_MESSAGE } from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { forbidden } from '../../lib/app-error.js';

/** How stale last_seen_at may get before a pull writes it again ("about when it last synced"). */
const SEEN_REFRESH_MS = 10 * 60_000;

/** last_seen_at is old enough to be written again. */
export const clientNeedsSeen = (lastSeenAt: Date): boolean => Date.now() - lastSeenAt.getTime() > SEEN_REFRESH_MS;

/**
 * The installation, bound to the user on first use. A clientId already bound to someone else is
 * refused: a queue made by one user is never applied under another's name. A phone pulls every
 * few seconds while it is open, so a known installation is only read: last_seen_at is written
 * when it is more than SEEN_REFRESH_MS old, not on every pull (a write is a commit to flush).
 */
export async function bindClient(db: Kysely<DB>, clientId: string, userId: number): Promise<{ lastSeq: number }> {
  const read = () => db.selectFrom('syncClients').select(['userId', 'lastSeq', 'lastSeenAt']).where('clientId', '=', clientId).executeTakeFirst();
  let client = await read();
  if (!client) {
    await db.insertInto('syncClients').values({ clientId, userId }).onConflict((oc) => oc.column('clientId').doNothing()).execute();
    client = await read();
  }
  if (!client || client.userId !== userId) throw forbidden(CLIENT_OTHER_USER_MESSAGE);
  if (clientNeedsSeen(client.lastSeenAt)) {
    await db.updateTable('syncClients').set({ lastSeenAt: sql<Date>`now()` }).where('clientId', '=', clientId).execute();
  }
  return { lastSeq: client.lastSeq };
}
