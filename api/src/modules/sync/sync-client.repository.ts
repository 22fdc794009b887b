import { CLIENT_OTHER_USER_MESSAGE } from '@rollbook/shared-types/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { forbidden } from '../../lib/app-error.js';

/**
 * The installation, bound to the user on first use. A clientId already bound to someone else is
 * refused: a queue made by one user is never applied under another's name.
 */
export async function bindClient(db: Kysely<DB>, clientId: string, userId: number): Promise<{ lastSeq: number }> {
  await db.insertInto('syncClients').values({ clientId, userId }).onConflict((oc) => oc.column('clientId').doNothing()).execute();
  const client = await db.updateTable('syncClients').set({ lastSeenAt: new Date() })
    .where('clientId', '=', clientId).where('userId', '=', userId)
    .returning('lastSeq').executeTakeFirst();
  if (!client) throw forbidden(CLIENT_OTHER_USER_MESSAGE);
  return client;
}

/** The client's row, locked: one mutation of a client is processed at a time, whichever push carries it. */
export async function lockClient(db: Kysely<DB>, clientId: string): Promise<{ lastSeq: number; userId: number } | undefined> {
  return db.selectFrom('syncClients').select(['lastSeq', 'userId']).where('clientId', '=', clientId).forUpdate().executeTakeFirst();
}
