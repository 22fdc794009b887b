import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notify } from '../../db/notifications.js';

const CHANNEL = 'rollbook_version';
/** A cached newest version is read again after this long, notified or not. */
const REREAD_AFTER_MS = 10_000;

/**
 * The version GetVersionNumber answers: the newest build any server of the cluster has announced
 * (table app_versions, first announcement wins), never this server's own when another is newer, so
 * during a rolling deploy every server answers the new version from the moment the first new server
 * starts, and none answers the old one again. A server announces its own version when it starts and
 * whenever it changes (a new PWA build deployed under it), and tells the others with NOTIFY.
 * Should the database not answer, the last newest version read is kept (it never goes back).
 */
export function clusterVersion(app: FastifyInstance, own: () => string): { current(): Promise<string>; announce(): Promise<void> } {
  let announced: string | null = null;
  let newest: { version: string; readAt: number } | null = null;

  async function announce(): Promise<void> {
    const mine = own();
    if (mine === announced) return;
    const inserted = await app.db.insertInto('appVersions').values({ version: mine })
      .onConflict((oc) => oc.column('version').doNothing())
      .returning('version').executeTakeFirst();
    announced = mine;
    newest = null;
    if (inserted) await notify(app.db, CHANNEL, mine);
  }

  async function readNewest(): Promise<string> {
    const row = await app.db.selectFrom('appVersions').select('version')
      .orderBy('announcedAt', 'desc').orderBy(sql`version`, 'desc').limit(1).executeTakeFirst();
    return row?.version ?? own();
  }

  async function current(): Promise<string> {
    try {
      await announce();
      if (!newest || Date.now() - newest.readAt > REREAD_AFTER_MS) newest = { version: await readNewest(), readAt: Date.now() };
      return newest.version;
    } catch (err) {
      app.log.warn({ err }, 'could not read the cluster version; answering the last one known');
      return newest?.version ?? own();
    }
  }

  void app.notifications.listen(CHANNEL, () => {
    newest = null;
  });
  app.notifications.onReconnect(() => {
    newest = null;
  });
  return { current, announce };
}
