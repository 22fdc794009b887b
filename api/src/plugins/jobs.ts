import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runDueJobs, type ClusterJob } from '../db/cluster-jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic work done once per period by one server of the cluster (cluster-jobs). */
    jobs: {
      add(job: ClusterJob): void;
      /** Resolves once this server's current look for due jobs (and the jobs it ran) is over. */
      settled(): Promise<void>;
    };
  }
}

/**
 * Looks for due jobs when the app is ready and every `checkSeconds` or so after (jittered, so servers
 * started together do not ask together), until it closes; with 0 only when it is ready (tests: a
 * job landing in the middle of a test that counts rows would be taken for the request's doing).
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { checkSeconds: number }) => {
  const jobs: ClusterJob[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.decorate('jobs', { add: (job: ClusterJob) => void jobs.push(job), settled: async () => void (await running) });
  const check = () => {
    running = runDueJobs(app.db, jobs, (job, err) => app.log.error({ err, job: job.name }, 'a periodic job failed'));
    if (opts.checkSeconds === 0) return;
    timer = setTimeout(check, opts.checkSeconds * 1000 * (0.75 + Math.random() / 2));
    timer.unref();
  };
  app.addHook('onReady', async () => check());
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}, { name: 'rollbook-jobs' });
