import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // entity_type_id: 1 student, 2 teacher, 3 general school notes (the only deletable type).
  await db.schema
    .createTable('notes')
    .addColumn('note_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('entity_type_id', 'smallint', (c) => c.notNull().check(sql`entity_type_id in (1, 2, 3)`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 20000`))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('notes_entity_idx').on('notes').columns(['entity_type_id', 'entity_id', 'created_at']).execute();

  // Uploaded documents. The bytes live in the file store under storage_key (never a user-given
  // path); entity_type_id: 1 student, 2 teacher.
  await db.schema
    .createTable('files')
    .addColumn('file_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('entity_type_id', 'smallint', (c) => c.notNull().check(sql`entity_type_id in (1, 2)`))
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('extension', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('shared_with', 'text', (c) => c.notNull().defaultTo('Staff'))
    .addColumn('times_accessed', 'integer', (c) => c.notNull().defaultTo(0).check(sql`times_accessed >= 0`))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_entity_idx').on('files').columns(['entity_type_id', 'entity_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('notes').execute();
}
