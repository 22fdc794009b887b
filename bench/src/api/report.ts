import type { PathKind } from './hot-paths.js';
import type { MachineInfo } from './machine.js';
import type { Measurement } from './measurement.js';

// The results as markdown: the machine, the table scale × path, and the targets
// judged from the numbers (never written by hand).

export interface PathResult {
  scale: number;
  name: string;
  kind: PathKind;
  /** Which of the issue's targets it answers to. */
  role: PathRole;
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

/**
 * Which of the issue's targets a path answers to, beside those every path has (API ÷ ideal, the
 * cost from scale 10 to 100). 'unpaged' is a call without paging parameters, kept with its old
 * meaning for clients that send none: not a list page, so neither the list pages' speed nor their
 * 100 KB applies to it. 'other' has only the every-path targets (the push from one phone).
 */
export type PathRole = 'list page' | 'classes of a month' | 'dashboard' | "teacher's week" | 'pull' | 'push' | 'unpaged' | 'other';

/** The issue's throughput (and, for the admin screens, p99) targets at scale 100, by role. */
export const SPEED_TARGETS: Partial<Record<PathRole, { minRequestsPerSecond: number; maxP99Ms?: number }>> = {
  'list page': { minRequestsPerSecond: 300, maxP99Ms: 150 },
  'classes of a month': { minRequestsPerSecond: 300, maxP99Ms: 150 },
  dashboard: { minRequestsPerSecond: 500 },
  "teacher's week": { minRequestsPerSecond: 800 },
  pull: { minRequestsPerSecond: 500 },
  push: { minRequestsPerSecond: 100 },
};
/** The roles a run at scale 100 must have measured (list pages: at least one). */
const REQUIRED_ROLES: PathRole[] = ['list page', 'classes of a month', 'dashboard', "teacher's week", 'pull', 'push'];
const LIST_PAGE_ROLES = new Set<PathRole>(['list page', 'classes of a month']);
const MIN_IDEAL_RATIO = 0.5;
/** No answer of a list page over 100 KB. */
const MAX_LIST_ANSWER_BYTES = 100 * 1024;
/** Scale 10 → 100 costs every path less than 1.5×: req/s at scale 10 ÷ req/s at scale 100. */
const MAX_GROWTH = 1.5;
const TARGET_SCALE = 100;
const GROWTH_FROM = 10;

export interface Target {
  what: string;
  met: boolean | null;
  measured: string;
}

/** A figure from a run with failed calls, or with none finished in the window, is no figure. */
function invalid(m: Measurement): string | null {
  if (m.total === 0) return 'no answer within the run';
  if (m.errors > 0) return `${m.errors} errors`;
  return null;
}

function speedTargets(r: PathResult): Target[] {
  const goal = SPEED_TARGETS[r.role];
  if (!goal) return [];
  const bad = invalid(r.api);
  const targets: Target[] = [{
    what: `${r.name}: ≥ ${goal.minRequestsPerSecond} req/s`,
    met: bad ? false : r.api.requestsPerSecond >= goal.minRequestsPerSecond,
    measured: bad ?? `${fixed(r.api.requestsPerSecond)} req/s`,
  }];
  if (goal.maxP99Ms !== undefined) {
    targets.push({ what: `${r.name}: p99 ≤ ${goal.maxP99Ms} ms`, met: bad ? false : r.api.p99 <= goal.maxP99Ms, measured: bad ?? `${fixed(r.api.p99)} ms` });
  }
  return targets;
}

function growthTarget(results: PathResult[], to: PathResult): Target {
  const what = `${to.name}: scale ${GROWTH_FROM} → ${TARGET_SCALE} costs < ${MAX_GROWTH}× (req/s ratio)`;
  const from = results.find((r) => r.scale === GROWTH_FROM && r.name === to.name);
  if (!from) return { what, met: null, measured: `scale ${GROWTH_FROM} not measured` };
  const bad = invalid(from.api) ?? invalid(to.api);
  if (bad) return { what, met: false, measured: bad };
  const growth = from.api.requestsPerSecond / to.api.requestsPerSecond;
  return { what, met: growth < MAX_GROWTH, measured: `${fixed(from.api.requestsPerSecond)} → ${fixed(to.api.requestsPerSecond)} req/s (${fixed(growth, 2)}×)` };
}

/** The issue's targets at scale 100, judged from the run's figures (never written by hand). */
export function judgeTargets(results: PathResult[]): Target[] {
  const at = results.filter((r) => r.scale === TARGET_SCALE);
  const targets: Target[] = [];
  for (const role of REQUIRED_ROLES.filter((x) => !at.some((r) => r.role === x))) {
    const goal = SPEED_TARGETS[role];
    targets.push({ what: `${role}: ≥ ${goal?.minRequestsPerSecond} req/s`, met: null, measured: `not measured at scale ${TARGET_SCALE}` });
  }
  for (const r of at) targets.push(...speedTargets(r));
  for (const r of at) {
    const what = `${r.name}: API ÷ ideal ≥ ${MIN_IDEAL_RATIO}`;
    const bad = r.ideal ? invalid(r.api) ?? invalid(r.ideal) : null;
    if (!r.ideal) targets.push({ what, met: null, measured: 'no ideal' });
    else if (bad) targets.push({ what, met: false, measured: bad });
    else targets.push({ what, met: idealRatioOf(r) >= MIN_IDEAL_RATIO, measured: fixed(idealRatioOf(r), 2) });
  }
  for (const r of at) targets.push(growthTarget(results, r));
  for (const r of at.filter((x) => LIST_PAGE_ROLES.has(x.role))) {
    const what = `${r.name}: answer ≤ ${MAX_LIST_ANSWER_BYTES / 1024} KB`;
    if (r.answerBytes === null) targets.push({ what, met: null, measured: 'not measured' });
    else targets.push({ what, met: r.answerBytes <= MAX_LIST_ANSWER_BYTES, measured: `${kilobytes(r.answerBytes)} KB` });
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
    notes.push(`- No ideal yet (–) for: ${noIdeal.join('; ')}.`);
  }
  const unpaged = [...new Set(results.filter((r) => r.role === 'unpaged').map((r) => r.name))];
  const loads = [...new Map(results.map((r) => [r.scale, r.load])).entries()].map(([s, l]) => `scale ${s}: ${l}`).join('; ');
  return [
    `# API benchmarks, ${info.startedAt.toISOString().slice(0, 10)}`,
    '',
    'Written by `pnpm bench` (bench/src/api). Every path runs three times in the same run: through the',
    `API with autocannon (${info.connections} connections); straight against PostgreSQL with ${info.connections} concurrent`,
    'workers calling the same service or repository function the route calls (Kysely over a node-postgres',
    'pool of 10, the size the API uses); and the ideal, the fewest hand-written SQL statements that give',
    'the same answer (bench/src/api/ideal, one statement that builds the JSON for each read path, and one',
    'that applies the push\'s marks and records them), with the same workers on a plain node-postgres pool of',
    '10. bench/test/ideal-answers.test.ts holds each read ideal to the API\'s answer, ideal-push.test.ts the',
    "push's to the API's answers and the rows it leaves. API ÷ service is what the framework costs; API ÷ ideal is the distance",
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
    `${unpaged.length > 0 ? `Not list pages: ${unpaged.join('; ')} (calls without paging parameters, kept with their old meaning for clients that send none); they have only the targets of every path. ` : ''}`
      + `The cost from scale ${GROWTH_FROM} to ${TARGET_SCALE} is the API's req/s at scale ${GROWTH_FROM} ÷ its req/s at scale ${TARGET_SCALE} (time per request at full load).`,
    '',
    `${targets.filter((t) => t.met === true).length} met, ${targets.filter((t) => t.met === false).length} missed, ${targets.filter((t) => t.met === null).length} not measured.`,
    '',
  ].join('\n');
}
