import { createHash } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';

// What the numbers were measured on: on a shared machine the load average matters as much as the CPU.

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  ramGiB: number;
  node: string;
  postgres: string;
}

export async function machineInfo(adminUrl: string): Promise<MachineInfo> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version()');
    const cpu = cpus();
    return {
      cpuModel: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      ramGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
      node: process.version,
      postgres: (rows[0]?.version ?? 'unknown').split(',')[0] ?? 'unknown',
    };
  } finally {
    await client.end();
  }
}

/** The 1, 5 and 15 minute load averages, e.g. "1.52 1.20 0.98". */
export const loadAverage = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');

/**
 * The same fixed work timed on both sides, so two runs can be compared when the shared host's
 * speed differs between them (it did by 2-4x within one day): Node hashing 320 MB with sha256 on
 * one core, and PostgreSQL counting 3 million generated rows. Median of three; lower is faster.
 */
export async function speedCheck(adminUrl: string): Promise<string> {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const block = Buffer.alloc(64 * 1024, 7);
  const node: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < 5_000; i++) createHash('sha256').update(block).digest();
    node.push(performance.now() - started);
  }
  const client = new pg.Client({ connectionString: adminUrl, options: '-c jit=off' });
  await client.connect();
  const postgres: number[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      await client.query('select count(*) from generate_series(1, 3000000)');
      postgres.push(performance.now() - started);
    }
  } finally {
    await client.end();
  }
  return `Node sha256 of 320 MB ${median(node).toFixed(0)} ms, PostgreSQL count of 3M generated rows ${median(postgres).toFixed(0)} ms`;
}
