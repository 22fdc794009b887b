import { sql, type Kysely } from 'kysely';

// The classes list pages by start, then the id (the keyset of its cursor). With the start alone
// indexed, PostgreSQL read every class sharing the page's first start times (a chain starts
// hundreds at 9:00) and sorted them by id to keep 51; this index gives the order itself, so a page
// reads its own rows only, and the cursor's (start, id) bound is an index condition. It takes the
// place of the start index it extends.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index classes_starts_order_idx on classes (starts_at, class_id)`.execute(db);
  await sql`drop index classes_starts_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index classes_starts_idx on classes (starts_at)`.execute(db);
  await sql`drop index classes_starts_order_idx`.execute(db);
}
