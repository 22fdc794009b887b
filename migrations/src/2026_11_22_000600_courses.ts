import { sql, type Kysely } from 'kysely';
import { trackChanges, withChangeColumns } from './tracking.js';

export async function up(db: Kysely<any>): Promise<void> {
  // Status: 1 Draft, 2 Active, 3 Completed, 4 Archived, 5 Suspended.
  // duration is the number of classes bought; class_length_template the minutes of each, so the
  // course's minutes are duration × class_length_template.
  await db.schema
    .createTable('courses')
    .addColumn('course_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('parent_id', 'integer', (c) => c.references('courses.course_id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(trim(title)) > 0`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.subject_id'))
    .addColumn('course_level_id', 'integer', (c) => c.notNull().references('course_levels.course_level_id'))
    .addColumn('course_type_id', 'integer', (c) => c.notNull().references('course_types.course_type_id'))
    .addColumn('company_id', 'integer', (c) => c.references('companies.company_id'))
    .addColumn('address_id', 'integer', (c) => c.references('company_addresses.address_id').onDelete('set null'))
    // Free-text venue when the class is not at one of the company's addresses.
    .addColumn('defined_address', 'text')
    .addColumn('private', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sponsored', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('virtual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('duration', 'integer', (c) => c.notNull().check(sql`duration between 0 and 10000`))
    .addColumn('class_length_template', 'integer', (c) => c.notNull().check(sql`class_length_template between 1 and 1440`))
    .addColumn('max_number_students', 'integer', (c) => c.check(sql`max_number_students >= 0`))
    .addColumn('min_number_students', 'integer', (c) => c.check(sql`min_number_students >= 0`))
    .addColumn('price_pence', 'bigint', (c) => c.check(sql`price_pence >= 0`))
    .addColumn('course_status_id', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`course_status_id between 1 and 5`))
    .$call(withChangeColumns)
    .addCheckConstraint('courses_company_unless_private', sql`private or company_id is not null`)
    .addCheckConstraint('courses_dates_ordered', sql`end_date is null or start_date is null or end_date >= start_date`)
    .execute();
  for (const column of ['course_status_id', 'subject_id', 'course_level_id', 'company_id', 'start_date', 'end_date', 'parent_id']) {
    await db.schema.createIndex(`courses_${column}_idx`).on('courses').column(column).execute();
  }
  await sql`create index courses_title_lower_idx on courses (lower(title))`.execute(db);
  await trackChanges(db, 'courses', ['course_id']);

  // A student's place on a course: 1 Enrolled, 2 Enquired, 3 Waiting, 0 none (cleared).
  await db.schema
    .createTable('enrolments')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.course_id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.student_id').onDelete('cascade'))
    .addColumn('status_id', 'smallint', (c) => c.notNull().check(sql`status_id between 0 and 3`))
    .$call(withChangeColumns)
    .addPrimaryKeyConstraint('enrolments_pkey', ['course_id', 'student_id'])
    .execute();
  await db.schema.createIndex('enrolments_student_idx').on('enrolments').columns(['student_id', 'status_id']).execute();
  await trackChanges(db, 'enrolments', ['course_id', 'student_id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enrolments').execute();
  await db.schema.dropTable('courses').execute();
}
