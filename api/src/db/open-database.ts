import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import { seedDemoSchool } from '../seed/demo-school.js';
import { withClusterLock } from './cluster-lock.js';
import { createPgliteDb, createPostgresDb, type DbHandle } from './create-db.js';
import { migrateToLatest } from './migrate.js';

/**
 * Opens the configured database, brings its schema up to date and, when asked and empty, seeds the
 * demo school. Servers of a cluster start together: one at a time migrates and seeds (under a
 * cluster lock), so the others find the schema current and the school there.
 */
export async function openDatabase(config: AppConfig): Promise<DbHandle> {
  let handle: DbHandle;
  if (config.databaseUrl) {
    handle = createPostgresDb(config.databaseUrl);
  } else {
    const dir = join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    handle = await createPgliteDb(dir);
  }
  try {
    await withClusterLock(handle.db, 'start', async () => {
      await migrateToLatest(handle.db);
      if (config.seedDemo) {
        const { count } = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
        if (count === 0) await seedDemoSchool(handle.db, { scale: 1 });
      }
    });
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}
