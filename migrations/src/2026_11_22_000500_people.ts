import { sql, type Kysely } from 'kysely';
import { trackChanges, withChangeColumns } from './tracking.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('students')
    .addColumn('student_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('gender_id', 'smallint', (c) => c.check(sql`gender_id in (1, 2, 3)`))
    .addColumn('date_of_birth', 'date')
    .addColumn('company_id', 'integer', (c) => c.references('companies.company_id'))
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('town', 'text')
    .addColumn('county', 'text')
    .addColumn('country', 'text')
    .addColumn('post_code', 'text')
    .addColumn('mobile', 'text')
    .addColumn('landline', 'text')
    .addColumn('notes', 'text')
    .addColumn('nationality_id', 'integer', (c) => c.references('nationalities.nationality_id'))
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.user_id').onDelete('set null'))
    // When the student joined the school: the dashboard's "students joining per month".
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .$call(withChangeColumns)
    .execute();
  await sql`create index students_last_name_lower_idx on students (lower(last_name), lower(first_name))`.execute(db);
  await sql`create index students_first_name_lower_idx on students (lower(first_name))`.execute(db);
  await sql`create index students_email_lower_idx on students (lower(email))`.execute(db);
  await db.schema.createIndex('students_company_idx').on('students').column('company_id').execute();
  await db.schema.createIndex('students_joined_at_idx').on('students').column('joined_at').execute();
  await trackChanges(db, 'students', ['student_id']);

  await db.schema
    .createTable('teachers')
    .addColumn('teacher_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('town', 'text')
    .addColumn('city', 'text')
    .addColumn('county', 'text')
    .addColumn('post_code', 'text')
    .addColumn('nationality_id', 'integer', (c) => c.references('nationalities.nationality_id'))
    .addColumn('date_of_birth', 'date')
    .addColumn('gender_id', 'smallint', (c) => c.check(sql`gender_id in (1, 2, 3)`))
    .addColumn('mobile', 'text')
    .addColumn('landline', 'text')
    .addColumn('notes', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('avatar_id', 'integer', (c) => c.references('avatars.avatar_id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.user_id').onDelete('set null'))
    .$call(withChangeColumns)
    .execute();
  await sql`create index teachers_last_name_lower_idx on teachers (lower(last_name), lower(first_name))`.execute(db);
  await db.schema.createIndex('teachers_active_idx').on('teachers').column('active').execute();
  await trackChanges(db, 'teachers', ['teacher_id']);

  await db.schema
    .createTable('teacher_subjects')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.teacher_id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.subject_id'))
    .addPrimaryKeyConstraint('teacher_subjects_pkey', ['teacher_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('teacher_subjects_subject_idx').on('teacher_subjects').column('subject_id').execute();

  // Pay rates in integer pence per time unit (1 = hour), never floats.
  await db.schema
    .createTable('teacher_rates')
    .addColumn('teacher_rate_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.teacher_id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(trim(description)) > 0`))
    .addColumn('rate_pence', 'integer', (c) => c.notNull().check(sql`rate_pence between 0 and 10000000`))
    .addColumn('time_unit_id', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`time_unit_id = 1`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('teacher_rates_teacher_idx').on('teacher_rates').column('teacher_id').execute();

  // Sign-up confirmation and password reset codes. Only a hash of the code is kept; a code is
  // single-use (used_at), expires, and locks after too many attempts.
  await db.schema
    .createTable('verification_codes')
    .addColumn('verification_code_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password_reset', 'signup')`))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.references('students.student_id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('verification_codes_subject_check', sql`user_id is not null or student_id is not null`)
    .execute();
  await sql`create index verification_codes_email_idx on verification_codes (lower(email), purpose, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['verification_codes', 'teacher_rates', 'teacher_subjects', 'teachers', 'students']) {
    await db.schema.dropTable(t).execute();
  }
}
