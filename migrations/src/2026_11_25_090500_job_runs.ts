import { sql, type Kysely } from 'kysely';

// When each periodic job (the daily purges) last ran, for the whole cluster: every server checks
// now and then, and the one that takes the job's advisory lock and finds it due runs it, so a job
// runs once a period however many servers there are.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_finished_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
