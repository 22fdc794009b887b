import { sql, type Kysely } from 'kysely';

// Closure days: days the school is shut, a name and a date range (one day: from = to).
// The class generator skips them. Bank holidays are added by a yearly-keyed job; bank_holidays_added
// remembers each one it ever added (England and Wales, by date), so a holiday the school deleted
// (it opens that day) is not put back the next time the job runs.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('closures')
    .addColumn('closure_id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) > 0`))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('ends_on', 'date', (c) => c.notNull())
    /** 'england-and-wales:2027-03-29' for a bank holiday the job added; null for the school's own. */
    .addColumn('holiday_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('closures_range_check', sql`ends_on >= starts_on`)
    .execute();
  await db.schema.createIndex('closures_dates_idx').on('closures').columns(['starts_on', 'ends_on']).execute();
  await db.schema
    .createTable('bank_holidays_added')
    .addColumn('holiday_key', 'text', (c) => c.primaryKey())
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bank_holidays_added').execute();
  await db.schema.dropTable('closures').execute();
}
