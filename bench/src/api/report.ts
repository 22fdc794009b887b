import type { PathKind } from './hot-paths.js';
import type { MachineInfo } from './machine.js';
import type { Measurement } from './measurement.js';

// The results as markdown: the machine, the table scale × path, and the targets of issue 8
// judged from the numbers (never written by hand).

export interface PathResult {
  scale: number;
  name: string;
  kind: PathKind;
  api: Measurement;
  raw: Measurement;
  note: string;
  /** Load average just before this scale was measured. */
  load: string;
}

export interface RunInfo {
  machine: MachineInfo;
  loadBefore: string;
  loadAfter: string;
  /** speedCheck() before and after the run. */
  speedBefore: string;
  speedAfter: string;
  startedAt: Date;
  durationSeconds: number;
  pushDurationSeconds: number;
  warmupSeconds: number;
  connections: number;
  seeds: string[];
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const ratioOf = (r: PathResult) => r.api.requestsPerSecond / r.raw.requestsPerSecond;

const LIST_P99_MS = 100;
const PUSH_P99_MS = 250;
const MIN_RATIO = 0.5;
const MAX_GROWTH = 2;
const TARGET_SCALE = 100;
const GROWTH_FROM = 10;

export interface Target {
  what: string;
  met: boolean | null;
  measured: string;
}

export function judgeTargets(results: PathResult[]): Target[] {
  const at = results.filter((r) => r.scale === TARGET_SCALE);
  const none = (what: string): Target => ({ what, met: null, measured: `scale ${TARGET_SCALE} not measured` });
  const targets: Target[] = [];
  if (at.length === 0) {
    return [none(`every list p99 ≤ ${LIST_P99_MS} ms`), none(`push p99 ≤ ${PUSH_P99_MS} ms`), none(`API ≥ ${MIN_RATIO * 100}% of raw SQL`)];
  }
  for (const r of at) {
    const limit = r.kind === 'push' ? PUSH_P99_MS : LIST_P99_MS;
    const what = `${r.name}: p99 ≤ ${limit} ms`;
    // No answer finished inside the measured window: slower than the window, not fast.
    if (r.api.total === 0) targets.push({ what, met: false, measured: 'no answer within the run' });
    else targets.push({ what, met: r.api.errors === 0 && r.api.p99 <= limit, measured: `${fixed(r.api.p99)} ms` });
  }
  for (const r of at) {
    targets.push({ what: `${r.name}: API ≥ ${MIN_RATIO * 100}% of raw SQL req/s`, met: ratioOf(r) >= MIN_RATIO, measured: `${fixed(ratioOf(r) * 100, 0)}%` });
  }
  for (const name of ["teacher's week", 'sync pull after one change']) {
    const from = results.find((r) => r.scale === GROWTH_FROM && r.name === name);
    const to = at.find((r) => r.name === name);
    const what = `${name}: p50 at scale ${TARGET_SCALE} < ${MAX_GROWTH}× scale ${GROWTH_FROM}`;
    if (!from || !to) targets.push({ what, met: null, measured: 'not measured at both scales' });
    else {
      const growth = to.api.p50 / from.api.p50;
      targets.push({ what, met: to.api.total > 0 && growth < MAX_GROWTH, measured: `${fixed(from.api.p50)} → ${fixed(to.api.p50)} ms (${fixed(growth, 2)}×)` });
    }
  }
  return targets;
}

export function resultsTable(results: PathResult[]): string {
  const lines = [
    '| scale | path | req/s | p50 ms | p99 ms | raw req/s | raw p50 ms | raw p99 ms | ratio | answers | errors |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const ms = (m: { total: number }, n: number) => (m.total === 0 ? '–' : fixed(n));
  for (const r of results) {
    lines.push(`| ${r.scale} | ${r.name} | ${fixed(r.api.requestsPerSecond)} | ${ms(r.api, r.api.p50)} | ${ms(r.api, r.api.p99)} | ${fixed(r.raw.requestsPerSecond)} | ${ms(r.raw, r.raw.p50)} | ${ms(r.raw, r.raw.p99)} | ${fixed(ratioOf(r), 2)} | ${r.api.total}/${r.raw.total} | ${r.api.errors}/${r.raw.errors} |`);
  }
  return lines.join('\n');
}

export function markdownReport(info: RunInfo, results: PathResult[]): string {
  const m = info.machine;
  const targets = judgeTargets(results);
  const mark = (t: Target) => (t.met === null ? 'not measured' : t.met ? 'met' : '**missed**');
  const notes = results.filter((r) => r.note).map((r) => `- scale ${r.scale}, ${r.name}: ${r.note}`);
  const loads = [...new Map(results.map((r) => [r.scale, r.load])).entries()].map(([s, l]) => `scale ${s}: ${l}`).join('; ');
  return [
    `# API benchmarks, ${info.startedAt.toISOString().slice(0, 10)}`,
    '',
    'Written by `pnpm bench` (bench/src/api). Every path runs twice in the same run: through the API',
    `with autocannon (${info.connections} connections) and straight against PostgreSQL with ${info.connections}`,
    'concurrent workers calling the same service or repository function the route calls (Kysely over a',
    'node-postgres pool of 10, the size the API uses). Ratio = API req/s ÷ raw req/s: on a shared, noisy',
    'machine it is the figure to compare between runs.',
    '',
    '## Machine',
    '',
    `- CPU: ${m.cpuModel}, ${m.cores} cores; RAM ${m.ramGiB} GiB`,
    `- Node ${m.node}; ${m.postgres}`,
    `- Load average (1/5/15 min) before the run: ${info.loadBefore}; before each scale: ${loads}; after: ${info.loadAfter}`,
    `- Speed check (fixed work, median of 3, lower is faster; compare runs by it): before: ${info.speedBefore}; after: ${info.speedAfter}`,
    `- Each path: ${info.warmupSeconds} s warm-up, then ${info.durationSeconds} s measured (the push ${info.pushDurationSeconds} s), per side`,
    `- Started ${info.startedAt.toISOString()}`,
    ...info.seeds.map((s) => `- ${s}`),
    '',
    '## Results',
    '',
    resultsTable(results),
    '',
    'Latencies in milliseconds; answers = calls completed in the measured window, errors = non-2xx',
    'answers and failed calls (API/raw). A path slower than the window completes few or no answers.',
    '',
    ...(notes.length > 0 ? [...notes, ''] : []),
    `## Targets at scale ${TARGET_SCALE}`,
    '',
    '| target | measured | |',
    '|---|---:|---|',
    ...targets.map((t) => `| ${t.what} | ${t.measured} | ${mark(t)} |`),
    '',
    `${targets.filter((t) => t.met === true).length} met, ${targets.filter((t) => t.met === false).length} missed, ${targets.filter((t) => t.met === null).length} not measured.`,
    '',
  ].join('\n');
}
