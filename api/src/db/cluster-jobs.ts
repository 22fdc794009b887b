import { sql } from 'kysely';
import { tryClusterLock } from './cluster-lock.js';
import type { Db } from './create-db.js';

export interface ClusterJob {
  /** Names the job's lock and its row in job_runs. */
  name: string;
  /** How often it runs, cluster-wide. */
  everyMs: number;
  run(): Promise<void>;
}

async function isDue(db: Db, job: ClusterJob): Promise<boolean> {
  const recent = await db.selectFrom('jobRuns').select('name').where('name', '=', job.name)
    .where('lastFinishedAt', '>', sql<Date>`now() - make_interval(secs => ${job.everyMs / 1000})`)
    .executeTakeFirst();
  return !recent;
}

/**
 * Runs each job that is due, once for the whole cluster: under the job's advisory lock (a server
 * finding it held moves on; the holder is running it), and only when job_runs says its period has
 * passed since it last finished, by the database's clock. Answers the names of the jobs run here.
 */
export async function runDueJobs(db: Db, jobs: readonly ClusterJob[], onError: (job: ClusterJob, err: unknown) => void): Promise<string[]> {
  const ran: string[] = [];
  for (const job of jobs) {
    try {
      await tryClusterLock(db, `job:${job.name}`, async () => {
        if (!(await isDue(db, job))) return;
        await job.run();
        await db.insertInto('jobRuns').values({ name: job.name })
          .onConflict((oc) => oc.column('name').doUpdateSet({ lastFinishedAt: sql<Date>`now()` }))
          .execute();
        ran.push(job.name);
      });
    } catch (err) {
      onError(job, err);
    }
  }
  return ran;
}
