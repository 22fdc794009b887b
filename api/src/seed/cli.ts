// Seeds the demo school: `npx tsx api/src/seed/cli.ts --scale 10 [--reset] [--seed 42] [--now 2026-11-22T10:00:00Z]`.
// Writes to DATABASE_URL (PostgreSQL) or the embedded PGlite in DATA_DIR/pglite.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createPgliteDb, createPostgresDb, type DbHandle } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoSchool } from './demo-school.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      now: { type: 'string' },
    },
  });
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number, got ${values.scale}`);
  const now = values.now ? new Date(values.now) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--now is not a date: ${values.now}`);

  const handle = await openTarget();
  try {
    if (values.reset) {
      console.info('Dropping and recreating the public schema…');
      await sql`drop schema if exists public cascade`.execute(handle.db);
      await sql`create schema public`.execute(handle.db);
    }
    await migrateToLatest(handle.db);
    const { n } = await handle.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      console.error(`The ${handle.kind} database already has ${n} users; run again with --reset to wipe it and seed afresh.`);
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const summary = await seedDemoSchool(handle.db, { scale, now, ...(values.seed ? { random: Number(values.seed) } : {}) });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`Seeded the demo school at scale ${scale} into ${handle.kind} in ${seconds} s.`);
    for (const [table, rows] of Object.entries(summary.counts)) console.info(`  ${table.padEnd(18)} ${String(rows).padStart(9)}`);
    console.info(`Sign-ins (password "${summary.password}"):`);
    for (const l of summary.logins) console.info(`  ${l.username.padEnd(16)} ${l.role.padEnd(13)} ${String(l.entityId ?? '-').padStart(6)}  ${l.name}`);
  } finally {
    await handle.close();
  }
}

async function openTarget(): Promise<DbHandle> {
  if (process.env.DATABASE_URL) return createPostgresDb(process.env.DATABASE_URL, 2);
  const dir = join(resolve(process.env.DATA_DIR ?? join(repoRoot, '.data')), 'pglite');
  mkdirSync(dir, { recursive: true });
  return createPgliteDb(dir);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
