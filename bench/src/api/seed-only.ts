// `tsx src/api/seed-only.ts`: prepares the bench databases (BENCH_SCALES) without measuring anything.
import { ensureBenchDb } from './bench-db.js';
import { loadBenchConfig } from './config.js';

const config = loadBenchConfig();
for (const scale of config.scales) await ensureBenchDb(config.adminUrl, scale, (line) => console.info(line));
