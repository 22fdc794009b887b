// Migrates a throwaway PostgreSQL database and prints its URL: used by codegen and by hand.
import pg from 'pg';
import { createPostgresDb } from '../src/db/create-db.js';
import { migrateToLatest } from '../src/db/migrate.js';

export async function migratedScratchDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDb(url.toString(), 2);
  await migrateToLatest(handle.db);
  await handle.close();
  return url.toString();
}

export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
