// One measured run of one path on one side (API over HTTP, or raw SQL through node-postgres).

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, or calls that threw: a path with errors is not a valid figure. */
  errors: number;
  total: number;
}

/** Percentile of sorted millisecond latencies (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
