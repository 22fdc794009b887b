import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('username', 'text', (c) => c.notNull().check(sql`length(username) between 1 and 200`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('avatar_id', 'integer', (c) => c.references('avatars.avatar_id').onDelete('set null'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Tokens issued before this instant are refused (password change, access removed).
    .addColumn('tokens_valid_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames are unique whatever their case; sign-in matches them case-insensitively.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);
  await sql`create index users_email_lower_idx on users (lower(email))`.execute(db);

  // entity_id is the teacher id for Teacher and the student id for Student. The first role by
  // sort_order is the user's primary role.
  await db.schema
    .createTable('user_roles')
    .addColumn('user_role_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('CompanyAdmin', 'Teacher', 'Student')`))
    .addColumn('entity_id', 'integer')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('user_roles_user_role_key', ['user_id', 'role'])
    .addCheckConstraint('user_roles_entity_check', sql`(role = 'CompanyAdmin') = (entity_id is null)`)
    .execute();
  await db.schema.createIndex('user_roles_role_entity_idx').on('user_roles').columns(['role', 'entity_id']).execute();

  await db.schema
    .createTable('gdpr_consents')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().references('gdpr_consent_types.code'))
    .addColumn('consent', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('gdpr_consents_pkey', ['user_id', 'code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gdpr_consents').execute();
  await db.schema.dropTable('user_roles').execute();
  await db.schema.dropTable('users').execute();
}
