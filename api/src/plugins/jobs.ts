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

/** How often each server looks for due jobs; jittered so servers started together do not ask together. */
const CHECK_EVERY_MS = 10 * 60_000;

/** Looks for due jobs when the app is ready and every ten minutes or so after, until it closes. */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const jobs: ClusterJob[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.decorate('jobs', { add: (job: ClusterJob) => void jobs.push(job), settled: async () => void (await running) });
  const check = () => {
    running = runDueJobs(app.db, jobs, (job, err) => app.log.error({ err, job: job.name }, 'a periodic job failed'));
    timer = setTimeout(check, CHECK_EVERY_MS * (0.75 + Math.random() / 2));
    timer.unref();
  };
  app.addHook('onReady', async () => check());
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}, { name: 'rollbook-jobs' });
