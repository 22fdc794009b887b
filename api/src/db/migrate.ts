import { migrations } from '@rollbook/migrations';
import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

/** Applies the migrations of `available` (by default all of this Rollbook's) that the database lacks, in name order. */
export async function migrateToLatest(db: Kysely<any>, available: Record<string, Migration> = migrations): Promise<void> {
  // Work developed in parallel can land a migration named earlier than one a database already has
  // (closures 100000 landed after mail_outbox 130100). Such migrations touch different tables, so
  // a database past the later one takes the earlier one rather than refusing to start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => available }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
