import { sql, type Kysely } from 'kysely';

// Every build version a server of the cluster has run, with when it was first announced. The
// version the app's update banner compares is the newest announced: during a rolling deploy some
// servers still run the old build, and answering each server's own version would show the banner,
// hide it and show it again as requests land on new and old servers.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_versions')
    .addColumn('version', 'text', (c) => c.primaryKey().check(sql`length(version) between 1 and 200`))
    .addColumn('announced_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_versions').execute();
}
