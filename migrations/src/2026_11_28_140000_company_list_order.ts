import { sql, type Kysely } from 'kysely';

// The companies list pages by name (its default order): lower(name), then the company id, so the
// first pages are a walk of this index with a limit rather than a sort of every company. It takes
// the place of the index on lower(name) alone, which it serves as well (name look-ups use its
// first column).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index companies_name_order_idx on companies (lower(name), company_id)`.execute(db);
  await sql`drop index companies_name_lower_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index companies_name_lower_idx on companies (lower(name))`.execute(db);
  await sql`drop index companies_name_order_idx`.execute(db);
}
