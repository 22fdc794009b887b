import { sql, type Kysely } from 'kysely';

// Reference data every other table points at. Colours are validated here so a bad one can never
// reach the course pills.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subjects')
    .addColumn('subject_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('color', 'text', (c) => c.notNull().check(sql`color ~ '^#[0-9A-Fa-f]{6}$'`))
    .execute();

  await db.schema
    .createTable('course_levels')
    .addColumn('course_level_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Ids are fixed by the spec: Group 1, Individual 2.
  await db.schema
    .createTable('course_types')
    .addColumn('course_type_id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('nationalities')
    .addColumn('nationality_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  // imageName carries a {size} placeholder the client fills in.
  await db.schema
    .createTable('avatars')
    .addColumn('avatar_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('image_name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().check(sql`gender in ('male', 'female', 'neutral')`))
    .execute();

  // How a class series repeats: every interval_days, or every weekday when weekdays_only.
  await db.schema
    .createTable('schedules')
    .addColumn('schedule_id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('interval_days', 'integer', (c) => c.notNull().check(sql`interval_days between 1 and 366`))
    .addColumn('weekdays_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // ISO weekdays: 1 Monday … 7 Sunday (weeks start on Monday).
  await db.schema
    .createTable('day_weeks')
    .addColumn('day_week_id', 'integer', (c) => c.primaryKey().check(sql`day_week_id between 1 and 7`))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('gdpr_consent_types')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Fixed reference rows the code depends on by id live in the migration, not the seeder.
  await db.insertInto('course_types').values([
    { course_type_id: 1, name: 'Group' },
    { course_type_id: 2, name: 'Individual' },
  ]).execute();
  await db.insertInto('schedules').values([
    { schedule_id: 1, name: 'Weekly', interval_days: 7, weekdays_only: false, sort_order: 1 },
    { schedule_id: 2, name: 'Fortnightly', interval_days: 14, weekdays_only: false, sort_order: 2 },
    { schedule_id: 3, name: 'Every three weeks', interval_days: 21, weekdays_only: false, sort_order: 3 },
    { schedule_id: 4, name: 'Every four weeks', interval_days: 28, weekdays_only: false, sort_order: 4 },
    { schedule_id: 5, name: 'Daily (weekdays)', interval_days: 1, weekdays_only: true, sort_order: 5 },
    { schedule_id: 6, name: 'Daily', interval_days: 1, weekdays_only: false, sort_order: 6 },
  ]).execute();
  await db.insertInto('day_weeks').values(
    ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name, i) => ({
      day_week_id: i + 1,
      name,
    })),
  ).execute();
  await db.insertInto('gdpr_consent_types').values([
    { code: 'EMAIL', name: 'Receive emails', sort_order: 1 },
    { code: 'PERSONAL', name: 'Processing personal data', sort_order: 2 },
    { code: 'MARKETING', name: 'Marketing data', sort_order: 3 },
    { code: 'SALES', name: 'Sales data', sort_order: 4 },
  ]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['gdpr_consent_types', 'day_weeks', 'schedules', 'avatars', 'nationalities', 'course_types', 'course_levels', 'subjects']) {
    await db.schema.dropTable(t).execute();
  }
}
