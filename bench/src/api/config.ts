import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Everything `pnpm bench` (API part) can be told from the environment, read once.

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const seconds = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of seconds, got ${raw}`);
  return n;
};

export interface BenchConfig {
  /** Admin connection to the PostgreSQL that holds the rollbook_bench_s<scale> databases. */
  adminUrl: string;
  scales: number[];
  /** Seconds each path is measured for, after `warmupSeconds` unmeasured. */
  durationSeconds: number;
  /** The push answers in seconds at 32 connections: it is measured longer, for enough answers. */
  pushDurationSeconds: number;
  warmupSeconds: number;
  /** autocannon connections and raw SQL workers. */
  connections: number;
  serverJs: string;
  resultsDir: string;
  /** BENCH_PATHS as given, lower-cased and trimmed ('' = all paths): read it with `pathChosen`. */
  pathFilter: string;
  /** Server counts to measure the teacher's week and the push with, behind nginx; empty = none. */
  servers: number[];
}

export function loadBenchConfig(): BenchConfig {
  const scales = (process.env.BENCH_SCALES ?? '1,10,100').split(',').map((s) => Number(s.trim()));
  if (scales.some((s) => !Number.isFinite(s) || s <= 0)) throw new Error(`BENCH_SCALES must be positive numbers, got ${process.env.BENCH_SCALES}`);
  return {
    adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    scales,
    durationSeconds: seconds('BENCH_DURATION', 10),
    pushDurationSeconds: seconds('BENCH_PUSH_DURATION', Math.max(20, seconds('BENCH_DURATION', 10))),
    warmupSeconds: seconds('BENCH_WARMUP', 2),
    connections: Math.round(seconds('BENCH_CONNECTIONS', 32)),
    serverJs: resolve(repoRoot, process.env.BENCH_SERVER_JS ?? 'api/dist/server.js'),
    resultsDir: resolve(repoRoot, process.env.BENCH_RESULTS_DIR ?? 'bench/results'),
    pathFilter: (process.env.BENCH_PATHS ?? '').trim().toLowerCase(),
    servers: serverCounts(process.env.BENCH_SERVERS ?? '1,3'),
  };
}

/**
 * Whether BENCH_PATHS chooses the hot path called `name`: all paths when it is empty, the one path
 * when it is a path's whole name (names hold commas: "courses list, first page" must not also run
 * "courses list, filtered"), else the paths whose names contain one of its comma-separated words.
 */
export function pathChosen(filter: string, name: string, allNames: readonly string[]): boolean {
  if (filter === '') return true;
  const lower = name.toLowerCase();
  if (allNames.some((n) => n.toLowerCase() === filter)) return lower === filter;
  return filter.split(',').map((part) => part.trim()).filter(Boolean).some((part) => lower.includes(part));
}

function serverCounts(raw: string): number[] {
  const counts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '' && s !== '0').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) throw new Error(`BENCH_SERVERS must be server counts from 1 to 8, got ${raw}`);
  return counts;
}

/** The connection string of database `name` on the same server as `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
