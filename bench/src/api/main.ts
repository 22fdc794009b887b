// `pnpm bench` (API part): for each scale, seeds or reuses the bench database, starts the built
// API, and measures the hot paths through HTTP and straight against PostgreSQL. Writes
// bench/results/<date>-api.md and latest-api.md, and prints the table.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createPostgresDb } from '../../../api/src/db/create-db.js';
import { startApi } from './api-server.js';
import { ensureBenchDb } from './bench-db.js';
import { loadBenchConfig, pathChosen, repoRoot } from './config.js';
import { answerBytes, runHttp } from './http-load.js';
import { hotPaths } from './hot-paths.js';
import { loadAverage, machineInfo, speedCheck } from './machine.js';
import { prepareScale } from './prepare-scale.js';
import { runRaw } from './raw-load.js';
import { markdownReport, resultsTable, serversTable, type PathResult, type RunInfo, type ServersResult } from './report.js';
import { measureServerCounts } from './server-counts.js';

// The API's own pool size (createPostgresDb's default): the service and ideal sides get the same.
const API_POOL_SIZE = 10;

const log = (line: string) => console.info(line);

async function measureScale(config: ReturnType<typeof loadBenchConfig>, scale: number, seeds: string[], servers: ServersResult[]): Promise<PathResult[]> {
  const bench = await ensureBenchDb(config.adminUrl, scale, log);
  seeds.push(bench.reused ? `Scale ${scale}: database reused` : `Scale ${scale}: seeded in ${bench.seedSeconds?.toFixed(0)} s`);
  // One secret for every server of this scale: a token signed by one is good on the others.
  const jwtSecret = randomBytes(32).toString('hex');
  const api = await startApi(config.serverJs, bench.url, jwtSecret);
  const handle = createPostgresDb(bench.url, API_POOL_SIZE);
  const pool = new pg.Pool({ connectionString: bench.url, max: API_POOL_SIZE });
  const results: PathResult[] = [];
  try {
    const ctx = await prepareScale(api.baseUrl, bench.url, handle.db, pool, config.connections);
    const load = loadAverage();
    log(`scale ${scale}: load average ${load}`);
    const all = hotPaths(ctx);
    const chosen = all.filter((path) => pathChosen(config.pathFilter, path.name, all.map((p) => p.name)));
    for (const path of chosen) {
      const timing = { seconds: path.kind === 'push' ? config.pushDurationSeconds : config.durationSeconds, warmupSeconds: config.warmupSeconds };
      const connections = path.connections ?? config.connections;
      const measuredApi = await runHttp(api.baseUrl, path.http, { connections, ...timing });
      const measuredRaw = await runRaw(path.raw, { workers: connections, ...timing });
      const measuredIdeal = path.ideal ? await runRaw(path.ideal, { workers: connections, ...timing }) : null;
      const bytes = path.http.method === 'GET' ? await answerBytes(api.baseUrl, path.http) : null;
      const note = [path.summary?.() ?? '', measuredApi.errors > 0 ? `${measuredApi.errors} API errors` : ''].filter(Boolean).join('; ');
      const result: PathResult = { scale, name: path.name, kind: path.kind, role: path.role, api: measuredApi, raw: measuredRaw, ideal: measuredIdeal, answerBytes: bytes, note, load };
      results.push(result);
      const ideal = measuredIdeal ? ` | ideal ${measuredIdeal.requestsPerSecond.toFixed(1)} req/s p50 ${measuredIdeal.p50.toFixed(1)} p99 ${measuredIdeal.p99.toFixed(1)}` : '';
      log(`  ${path.name}: ${measuredApi.requestsPerSecond.toFixed(1)} req/s p50 ${measuredApi.p50} p99 ${measuredApi.p99} | service ${measuredRaw.requestsPerSecond.toFixed(1)} req/s p50 ${measuredRaw.p50.toFixed(1)} p99 ${measuredRaw.p99.toFixed(1)}${ideal}${bytes === null ? '' : ` | ${bytes} bytes`}${note ? ` (${note})` : ''}`);
    }
    servers.push(...(await measureServerCounts(config, scale, bench.url, api, jwtSecret, ctx, log)));
  } finally {
    await pool.end();
    await handle.close();
    await api.stop();
  }
  return results;
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const machine = await machineInfo(config.adminUrl);
  const speedBefore = await speedCheck(config.adminUrl);
  log(`speed check: ${speedBefore}`);
  log(`API bench: scales ${config.scales.join(', ')}, ${config.connections} connections, ${config.durationSeconds} s per path; server ${relative(repoRoot, config.serverJs)}; load ${loadBefore}`);
  const seeds: string[] = [];
  const results: PathResult[] = [];
  const servers: ServersResult[] = [];
  for (const scale of config.scales) results.push(...(await measureScale(config, scale, seeds, servers)));
  const info: RunInfo = {
    machine, loadBefore, loadAfter: loadAverage(), speedBefore, speedAfter: await speedCheck(config.adminUrl), startedAt, durationSeconds: config.durationSeconds,
    pushDurationSeconds: config.pushDurationSeconds, warmupSeconds: config.warmupSeconds, connections: config.connections, seeds,
  };
  const markdown = markdownReport(info, results, servers);
  mkdirSync(config.resultsDir, { recursive: true });
  const file = join(config.resultsDir, `${startedAt.toISOString().slice(0, 10)}-api.md`);
  writeFileSync(file, markdown);
  copyFileSync(file, join(config.resultsDir, 'latest-api.md'));
  console.info(`\n${resultsTable(results)}\n`);
  if (servers.length > 0) console.info(`${serversTable(servers)}\n`);
  console.info(markdown.slice(markdown.indexOf('## Targets')));
  console.info(`Written to ${relative(repoRoot, file)} and latest-api.md`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
