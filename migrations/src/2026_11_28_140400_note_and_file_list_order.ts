import { sql, type Kysely } from 'kysely';

// The notes and documents panels page one entity's rows newest first (created or uploaded, then
// the id). These serve that order for each entity, in either direction, and take the place of the
// entity indexes they extend.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index notes_entity_order_idx on notes (entity_type_id, entity_id, created_at, note_id)`.execute(db);
  await sql`drop index notes_entity_idx`.execute(db);
  await sql`create index files_entity_order_idx on files (entity_type_id, entity_id, uploaded_at, file_id)`.execute(db);
  await sql`drop index files_entity_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index files_entity_idx on files (entity_type_id, entity_id)`.execute(db);
  await sql`drop index files_entity_order_idx`.execute(db);
  await sql`create index notes_entity_idx on notes (entity_type_id, entity_id, created_at)`.execute(db);
  await sql`drop index notes_entity_order_idx`.execute(db);
}
