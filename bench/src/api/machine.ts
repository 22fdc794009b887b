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
