import { sql, type Kysely } from 'kysely';

// The rooms list pages by any column; these serve its name order (lower(name), then the room id)
// and one company's rooms by name (the company filter, the course form's room picker). The second
// takes the place of the index on company_id alone, which it serves as well.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index rooms_name_order_idx on rooms (lower(name), room_id)`.execute(db);
  await sql`create index rooms_company_name_idx on rooms (company_id, lower(name), room_id)`.execute(db);
  await sql`drop index rooms_company_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index rooms_company_idx on rooms (company_id)`.execute(db);
  await sql`drop index rooms_company_name_idx`.execute(db);
  await sql`drop index rooms_name_order_idx`.execute(db);
}
