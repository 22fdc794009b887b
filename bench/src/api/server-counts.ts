import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../api/test/faults/server-process.js';
import { Nginx } from '../../../api/test-cluster/nginx.js';
import { startApi, type RunningApi } from './api-server.js';
import { pathChosen, type BenchConfig } from './config.js';
import { hotPaths, type PathContext } from './hot-paths.js';
import { runHttp } from './http-load.js';
import type { ServersResult } from './report.js';

// The teacher's week and the push of 50 marks through nginx (deploy/nginx/rollbook.conf, as
// pnpm test:cluster runs it) to 1 and to 3 API servers on the same database. On a machine of a
// few cores the servers share the cores nginx, PostgreSQL and autocannon use, so more servers
// measure the cost of running a cluster (a hop through nginx, more processes), not a speed-up.

const MEASURED = new Set(["teacher's week", 'sync push, 50 marks']);

export async function measureServerCounts(
  config: BenchConfig, scale: number, benchUrl: string, first: RunningApi, jwtSecret: string, ctx: PathContext, log: (line: string) => void,
): Promise<ServersResult[]> {
  const results: ServersResult[] = [];
  const all = hotPaths(ctx);
  const paths = all.filter((path) => MEASURED.has(path.name) && pathChosen(config.pathFilter, path.name, all.map((p) => p.name)));
  for (const count of config.servers) {
    const extra: RunningApi[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'rollbook-bench-nginx-'));
    let nginx: Nginx | null = null;
    try {
      for (let i = 1; i < count; i++) extra.push(await startApi(config.serverJs, benchUrl, jwtSecret));
      nginx = new Nginx(dir, await freePort(), [first, ...extra].map((api) => api.port));
      await nginx.start();
      for (const path of paths) {
        const seconds = path.kind === 'push' ? config.pushDurationSeconds : config.durationSeconds;
        const measured = await runHttp(nginx.url, path.http, { connections: config.connections, seconds, warmupSeconds: config.warmupSeconds });
        results.push({ scale, servers: count, name: path.name, api: measured });
        log(`  ${count} server(s) behind nginx, ${path.name}: ${measured.requestsPerSecond.toFixed(1)} req/s p50 ${measured.p50} p99 ${measured.p99}${measured.errors ? ` (${measured.errors} errors)` : ''}`);
      }
    } finally {
      await nginx?.stop();
      await Promise.all(extra.map((api) => api.stop()));
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}
