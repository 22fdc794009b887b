import { sql, type Kysely } from 'kysely';

// School-wide settings an admin changes from the screens, one row for the whole school (the
// check on `id` keeps it one). The first: the attendance rate below which a student on an Active
// course is listed on the dashboard's attendance warnings, as a whole percent.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('school_settings')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('attendance_threshold', 'smallint', (c) => c.notNull().defaultTo(80).check(sql`attendance_threshold between 1 and 100`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into school_settings (id) values (true)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('school_settings').execute();
}
