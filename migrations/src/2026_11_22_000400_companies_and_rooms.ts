import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) > 0`))
    // Short code that starts generated course titles.
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Za-z0-9-]{1,20}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index companies_code_key on companies (upper(code))`.execute(db);
  await sql`create index companies_name_lower_idx on companies (lower(name))`.execute(db);

  // One primary address per company (partial unique index) and any number of secondary ones.
  await db.schema
    .createTable('company_addresses')
    .addColumn('address_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text')
    .addColumn('town', 'text')
    .addColumn('county', 'text')
    .addColumn('post_code', 'text')
    .execute();
  await db.schema.createIndex('company_addresses_company_idx').on('company_addresses').column('company_id').execute();
  await sql`create unique index company_addresses_one_primary on company_addresses (company_id) where is_primary`.execute(db);

  await db.schema
    .createTable('company_contacts')
    .addColumn('contact_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('primary', 'secondary')`))
    .addColumn('name', 'text')
    .addColumn('job_title', 'text')
    .addColumn('mobile', 'text')
    .addColumn('landline', 'text')
    .addColumn('email', 'text')
    .addUniqueConstraint('company_contacts_company_kind_key', ['company_id', 'kind'])
    .execute();

  await db.schema
    .createTable('rooms')
    .addColumn('room_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) > 0`))
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(10).check(sql`capacity between 1 and 10000`))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.company_id'))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rooms_company_idx').on('rooms').column('company_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['rooms', 'company_contacts', 'company_addresses', 'companies']) {
    await db.schema.dropTable(t).execute();
  }
}
