import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

// Each server looks for due periodic jobs when it starts and every JOBS_CHECK_SECONDS after
// (jittered); 0 looks only at the start, so that no job lands in the middle of a test counting rows.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countingJob(name: string) {
  const job = { name, everyMs: 100, runs: 0, run: async () => void (job.runs += 1) };
  return job;
}

describe('a server looking for due jobs every second', () => {
  const ctx = useTestApp({ jobsCheckSeconds: 1 });
  it('runs a job added after it started at its next looks', async () => {
    const job = countingJob('every-look');
    ctx.app.jobs.add(job);
    await sleep(3_500);
    expect(job.runs).toBeGreaterThanOrEqual(2);
  });
});

describe('a server told to look only when it starts (0)', () => {
  const ctx = useTestApp({ jobsCheckSeconds: 0 });
  it('never looks again', async () => {
    const job = countingJob('never-looked-for');
    ctx.app.jobs.add(job);
    await sleep(2_500);
    expect(job.runs).toBe(0);
  });
});
