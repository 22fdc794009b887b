import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runDueJobs, type ClusterJob } from '../../src/db/cluster-jobs.js';
import { createPgliteDb, createPostgresDb, type Db, type DbHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { useTestDb } from '../helpers/test-db.js';

// The daily purges run once per period for the whole cluster, whichever servers look for them and
// however many look at once (each server checks every ten minutes or so; cluster-jobs).

const testDb = useTestDb();
const pools: DbHandle[] = [];

afterAll(async () => {
  for (const pool of pools) await pool.close();
});

/** Three servers' own connections to the test database (on PGlite, the one database three times). */
function servers(): Db[] {
  if (!testDb.url) return [testDb.db, testDb.db, testDb.db];
  const opened = [createPostgresDb(testDb.url, 3), createPostgresDb(testDb.url, 3), createPostgresDb(testDb.url, 3)];
  pools.push(...opened);
  return opened.map((handle) => handle.db);
}

function countingJob(name: string): ClusterJob & { runs: number } {
  const job = {
    name, everyMs: 86_400_000, runs: 0,
    async run() {
      job.runs += 1;
      // Long enough for the other servers to look while it runs.
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
  };
  return job;
}

const failOnError = (job: ClusterJob, err: unknown) => {
  throw new Error(`${job.name} failed: ${String(err)}`);
};

describe('periodic jobs on several servers', () => {
  it('run once when every server looks for them at the same moment', async () => {
    const job = countingJob('together');
    const ran = await Promise.all(servers().map((db) => runDueJobs(db, [job], failOnError)));
    expect(job.runs).toBe(1);
    expect(ran.flat()).toEqual(['together']);
  });

  it('run again only once their period has passed since they last finished', async () => {
    const job = countingJob('daily');
    const [first, second] = servers();
    await runDueJobs(first!, [job], failOnError);
    await runDueJobs(second!, [job], failOnError);
    expect(job.runs).toBe(1);
    await sql`update job_runs set last_finished_at = now() - interval '25 hours' where name = 'daily'`.execute(testDb.db);
    await runDueJobs(second!, [job], failOnError);
    expect(job.runs).toBe(2);
  });

  it('stay due when they fail, and a failure does not stop the next job', async () => {
    const failing: ClusterJob = { name: 'failing', everyMs: 86_400_000, run: async () => { throw new Error('disk full'); } };
    const next = countingJob('after-failing');
    const errors: string[] = [];
    const [db] = servers();
    expect(await runDueJobs(db!, [failing, next], (job) => errors.push(job.name))).toEqual(['after-failing']);
    expect(errors).toEqual(['failing']);
    const row = await testDb.db.selectFrom('jobRuns').select('name').where('name', '=', 'failing').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('on the embedded database too, where one process is the whole cluster', async () => {
    const pglite = await createPgliteDb(undefined);
    try {
      await migrateToLatest(pglite.db);
      const job = countingJob('embedded');
      await Promise.all([1, 2, 3].map(() => runDueJobs(pglite.db, [job], failOnError)));
      expect(job.runs).toBe(1);
    } finally {
      await pglite.close();
    }
  });
});
