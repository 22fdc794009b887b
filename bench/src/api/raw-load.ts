import { percentile, type Measurement } from './measurement.js';

// The raw SQL side: `workers` loops calling the same service or repository function the route
// calls, straight on a Kysely over a pg Pool (no HTTP, no auth, no JSON), for a fixed time.

export type RawCall = (worker: number) => Promise<unknown>;

async function loop(call: RawCall, workers: number, seconds: number, latencies: number[] | null): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(Array.from({ length: workers }, async (_, worker) => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await call(worker);
      } catch (err) {
        errors++;
        if (errors === 1) console.warn(`  raw call failed: ${String(err)}`);
      }
      latencies?.push(performance.now() - started);
    }
  }));
  return errors;
}

export async function runRaw(call: RawCall, opts: { workers: number; seconds: number; warmupSeconds: number }): Promise<Measurement> {
  await loop(call, opts.workers, opts.warmupSeconds, null);
  const latencies: number[] = [];
  const started = performance.now();
  const errors = await loop(call, opts.workers, opts.seconds, latencies);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    total: latencies.length,
  };
}
