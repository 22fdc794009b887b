import type { PathKind } from './hot-paths.js';
import type { MachineInfo } from './machine.js';
import type { Measurement } from './measurement.js';

// The results as markdown: the machine, the table scale × path, and the targets
// judged from the numbers (never written by hand).

export interface PathResult {
  scale: number;
  name: string;
  kind: PathKind;
  api: Measurement;
  /** The service or repository function the route calls, straight on Kysely. */
  raw: Measurement;
  /** The hand-written SQL of ideal/*.ts; null where the path has none. */
  ideal: Measurement | null;
  /** Bytes of one uncompressed API answer (GET paths); null for the push. */
  answerBytes: number | null;
  note: string;
  /** Load average just before this scale was measured. */
  load: string;
}

/** One path through nginx to `servers` API processes (server-counts). */
export interface ServersResult {
  scale: number;
  servers: number;
  name: string;
  api: Measurement;
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
const idealRatioOf = (r: PathResult) => (r.ideal ? r.api.requestsPerSecond / r.ideal.requestsPerSecond : Number.NaN);
const kilobytes = (bytes: number | null) => (bytes === null ? '–' : (bytes / 1024).toFixed(1));

const LIST_P99_MS = 100;
const PUSH_P99_MS = 250;
const MIN_RATIO = 0.5;
/** No answer of a list page over 100 KB. */
const MAX_LIST_ANSWER_BYTES = 100 * 1024;
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
    return [
      none(`every list p99 ≤ ${LIST_P99_MS} ms`), none(`push p99 ≤ ${PUSH_P99_MS} ms`), none(`API ≥ ${MIN_RATIO * 100}% of the service`),
      none(`API ÷ ideal ≥ ${MIN_RATIO}`), none(`every list answer ≤ ${MAX_LIST_ANSWER_BYTES / 1024} KB`),
    ];
  }
  for (const r of at) {
    const limit = r.kind === 'push' ? PUSH_P99_MS : LIST_P99_MS;
    const what = `${r.name}: p99 ≤ ${limit} ms`;
    // No answer finished inside the measured window: slower than the window, not fast.
    if (r.api.total === 0) targets.push({ what, met: false, measured: 'no answer within the run' });
    else targets.push({ what, met: r.api.errors === 0 && r.api.p99 <= limit, measured: `${fixed(r.api.p99)} ms` });
  }
  for (const r of at) {
    targets.push({ what: `${r.name}: API ≥ ${MIN_RATIO * 100}% of the service's req/s`, met: ratioOf(r) >= MIN_RATIO, measured: `${fixed(ratioOf(r) * 100, 0)}%` });
  }
  for (const r of at) {
    const what = `${r.name}: API ÷ ideal ≥ ${MIN_RATIO}`;
    targets.push(r.ideal ? { what, met: idealRatioOf(r) >= MIN_RATIO, measured: fixed(idealRatioOf(r), 2) } : { what, met: null, measured: 'no ideal' });
  }
  for (const r of at.filter((x) => x.kind === 'list' && x.answerBytes !== null)) {
    targets.push({ what: `${r.name}: answer ≤ ${MAX_LIST_ANSWER_BYTES / 1024} KB`, met: (r.answerBytes ?? 0) <= MAX_LIST_ANSWER_BYTES, measured: `${kilobytes(r.answerBytes)} KB` });
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
    '| scale | path | API req/s | p50 ms | p99 ms | service req/s | ideal req/s | ideal p50 ms | ideal p99 ms | API ÷ service | API ÷ ideal | answer KB | answers | errors |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const ms = (m: { total: number }, n: number) => (m.total === 0 ? '–' : fixed(n));
  for (const r of results) {
    const i = r.ideal;
    const ideal = i ? [fixed(i.requestsPerSecond), ms(i, i.p50), ms(i, i.p99), fixed(idealRatioOf(r), 2)] : ['–', '–', '–', '–'];
    const answers = [r.api.total, r.raw.total, i?.total ?? '–'].join('/');
    const errors = [r.api.errors, r.raw.errors, i?.errors ?? '–'].join('/');
    lines.push(`| ${r.scale} | ${r.name} | ${fixed(r.api.requestsPerSecond)} | ${ms(r.api, r.api.p50)} | ${ms(r.api, r.api.p99)} | ${fixed(r.raw.requestsPerSecond)} | ${ideal.slice(0, 3).join(' | ')} | ${fixed(ratioOf(r), 2)} | ${ideal[3]} | ${kilobytes(r.answerBytes)} | ${answers} | ${errors} |`);
  }
  return lines.join('\n');
}

export function serversTable(results: ServersResult[]): string {
  const lines = ['| scale | path | servers | req/s | p50 ms | p99 ms | answers | errors |', '|---:|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    const ms = (n: number) => (r.api.total === 0 ? '–' : fixed(n));
    lines.push(`| ${r.scale} | ${r.name} | ${r.servers} | ${fixed(r.api.requestsPerSecond)} | ${ms(r.api.p50)} | ${ms(r.api.p99)} | ${r.api.total} | ${r.api.errors} |`);
  }
  return lines.join('\n');
}

function serversSection(info: RunInfo, servers: ServersResult[]): string[] {
  if (servers.length === 0) return [];
  return [
    '## One server and several, behind nginx',
    '',
    `The teacher's week and the push of 50 marks again, through nginx (deploy/nginx/rollbook.conf, as`,
    '`pnpm test:cluster` runs it) to each number of API servers on the same database, same connections.',
    `This machine has ${info.machine.cores} cores, shared by nginx, every server, PostgreSQL and autocannon:`,
    'more servers here measure what a cluster costs (the hop through nginx, more processes competing for',
    'the same cores and database), not a speed-up; that needs servers on machines of their own.',
    '',
    serversTable(servers),
    '',
  ];
}

export function markdownReport(info: RunInfo, results: PathResult[], servers: ServersResult[] = []): string {
  const m = info.machine;
  const targets = judgeTargets(results);
  const mark = (t: Target) => (t.met === null ? 'not measured' : t.met ? 'met' : '**missed**');
  const notes = results.filter((r) => r.note).map((r) => `- scale ${r.scale}, ${r.name}: ${r.note}`);
  const noIdeal = [...new Set(results.filter((r) => !r.ideal).map((r) => r.name))];
  if (noIdeal.length > 0) {
    notes.push(`- No ideal yet (–) for: ${noIdeal.join('; ')}. The push's would be one set-based statement (the client's row locked and`
      + ' last_seq moved, the lines updated where their version is the base version, the classes\' status recomputed, the records'
      + ' inserted, with the audit actor set); it is not written until a test holds it to the rows the API leaves.');
  }
  const loads = [...new Map(results.map((r) => [r.scale, r.load])).entries()].map(([s, l]) => `scale ${s}: ${l}`).join('; ');
  return [
    `# API benchmarks, ${info.startedAt.toISOString().slice(0, 10)}`,
    '',
    'Written by `pnpm bench` (bench/src/api). Every path runs three times in the same run: through the',
    `API with autocannon (${info.connections} connections); straight against PostgreSQL with ${info.connections} concurrent`,
    'workers calling the same service or repository function the route calls (Kysely over a node-postgres',
    'pool of 10, the size the API uses); and the ideal, the fewest hand-written SQL statements that give',
    'the same answer (bench/src/api/ideal, one statement that builds the JSON for each read path), with',
    'the same workers on a plain node-postgres pool of 10. bench/test/ideal-answers.test.ts holds each',
    "ideal to the API's answer. API ÷ service is what the framework costs; API ÷ ideal is the distance",
    'to the floor. On a shared, noisy machine the ratios are the figures to compare between runs.',
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
    'Latencies in milliseconds; answer KB = one uncompressed API answer; answers = calls completed in the',
    'measured window, errors = non-2xx answers and failed calls (API/service/ideal). A path slower than',
    'the window completes few or no answers.',
    '',
    ...(notes.length > 0 ? [...notes, ''] : []),
    ...serversSection(info, servers),
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
