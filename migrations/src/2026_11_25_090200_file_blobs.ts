import { sql, type Kysely } from 'kysely';

// Uploaded documents' bytes, when no shared FILES_DIR is configured: every server of a cluster
// reads the same database, so a file uploaded through one is downloaded through any other (a folder
// on one server's disk would not be). Kept in parts of at most 512 KB, so neither an upload nor a
// download ever holds a whole file in memory. No foreign key to files: the bytes are written before
// the record, and bytes no record names are removed by the daily purge.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_blobs')
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull().check(sql`part >= 0`))
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('file_blobs_pkey', ['storage_key', 'part'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_blobs').execute();
}
