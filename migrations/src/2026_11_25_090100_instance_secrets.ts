import { sql, type Kysely } from 'kysely';

// Secrets the servers of one installation must share and nobody configured: outside production,
// with no JWT_SECRET, the first server to start generates the sign-in secret here and every other
// server reads the same one (a secret per server would make each refuse the others' sign-ins).
// Production never uses it: JWT_SECRET is required there.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('instance_secrets').execute();
}
