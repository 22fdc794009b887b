import { createHash } from 'node:crypto';
import { migrations } from '@rollbook/migrations';
import pg from 'pg';
import { createPostgresDb } from '../../../api/src/db/create-db.js';
import { migrateToLatest } from '../../../api/src/db/migrate.js';
import { seedDemoSchool } from '../../../api/src/seed/demo-school.js';
import { databaseUrl } from './config.js';

// One database per scale and migration set, kept between runs: seeding scale 100 takes minutes, so a
// database that already holds a seed of that scale at the current migrations is reused. The seed's
// identity is written to a small table of its own (bench_seed), which no migration knows about.
// The migration set is in the name, so two checkouts with different migrations (two engineers'
// branches) each bench their own database instead of dropping the other's mid-run.

/** Changes whenever a migration is added, removed or renamed: the schema the seed was written under. */
export function migrationsHash(): string {
  return createHash('sha256').update(Object.keys(migrations).sort().join('\n')).digest('hex').slice(0, 16);
}

const scalePrefix = (scale: number) => `rollbook_bench_s${String(scale).replace(/\W/g, '_')}_`;

export const benchDatabaseName = (scale: number) => `${scalePrefix(scale)}${migrationsHash().slice(0, 8)}`;

/**
 * Drops this scale's databases of other migration sets that nobody is connected to (a plain DROP
 * fails while a connection is open, so a run benching one of them right now keeps it).
 */
async function dropStaleSeeds(admin: pg.Client, scale: number, keep: string, log: (line: string) => void): Promise<void> {
  const stale = await admin.query<{ datname: string }>(
    `select datname from pg_database where starts_with(datname, $1) and datname <> $2`, [scalePrefix(scale), keep]);
  for (const { datname } of stale.rows) {
    try {
      await admin.query(`drop database ${pg.escapeIdentifier(datname)}`);
      log(`scale ${scale}: dropped ${datname} (seeded at other migrations)`);
    } catch {
      // in use by another run: left for a later run to drop
    }
  }
}

/** One client on `url` for the work, ended after it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function seededMatches(url: string, scale: number, hash: string): Promise<boolean> {
  try {
    return await withClient(url, async (client) => {
      const found = await client.query<{ n: string }>(
        `select count(*) as n from bench_seed where scale = $1 and migrations_hash = $2`, [scale, hash]);
      return Number(found.rows[0]?.n ?? 0) > 0;
    });
  } catch {
    return false; // no database, or no bench_seed table: not a finished seed
  }
}

export interface BenchDb {
  url: string;
  reused: boolean;
  seedSeconds: number | null;
}

/** The migrated, seeded bench database of `scale`, creating it when missing or stale. */
export async function ensureBenchDb(adminUrl: string, scale: number, log: (line: string) => void): Promise<BenchDb> {
  const name = benchDatabaseName(scale);
  const url = databaseUrl(adminUrl, name);
  const hash = migrationsHash();
  if (await seededMatches(url, scale, hash)) {
    // Earlier runs' pushes left dead rows behind (830k in student_course_attendance after a few
    // runs, whose marking updates are never HOT: its warnings index holds the counts). A school's
    // server clears them with autovacuum; a CI host may run PostgreSQL without it. Vacuumed here so
    // a reused database is measured as a fresh one would be, and its indexes rebuilt: vacuum frees
    // dead index entries but not the pages they filled (two push runs left the warnings index at
    // 40 MB for 16,500 rows, 2,102 buffers read per warnings page; rebuilt, 408 kB and 441), where
    // autovacuum, running all along, would have kept reusing them. 11 s at scale 100.
    const started = performance.now();
    await withClient(url, async (client) => {
      await client.query('vacuum analyze');
      await client.query(`reindex database ${pg.escapeIdentifier(name)}`);
    });
    log(`scale ${scale}: reusing ${name} (seeded at these migrations; vacuumed and reindexed in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
    return { url, reused: true, seedSeconds: null };
  }
  log(`scale ${scale}: creating ${name}, migrating and seeding (minutes at scale 100)…`);
  await withClient(adminUrl, async (admin) => {
    await dropStaleSeeds(admin, scale, name, log);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  const started = performance.now();
  const handle = createPostgresDb(url, 2);
  try {
    await migrateToLatest(handle.db);
    // The seeder writes in batches of up to 4,000 rows per insert, in one transaction.
    await seedDemoSchool(handle.db, { scale });
  } finally {
    await handle.close();
  }
  await withClient(url, async (client) => {
    // Fresh statistics, so the first measured queries are planned as they will be later.
    await client.query('vacuum analyze');
    await client.query(`create table bench_seed (scale real not null, migrations_hash text not null, seeded_at timestamptz not null default now())`);
    await client.query(`insert into bench_seed (scale, migrations_hash) values ($1, $2)`, [scale, hash]);
  });
  const seedSeconds = (performance.now() - started) / 1000;
  log(`scale ${scale}: seeded in ${seedSeconds.toFixed(0)} s`);
  return { url, reused: false, seedSeconds };
}
