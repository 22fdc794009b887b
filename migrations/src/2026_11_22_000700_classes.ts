import { sql, type Kysely } from 'kysely';
import { trackChanges, withChangeColumns } from './tracking.js';

export async function up(db: Kysely<any>): Promise<void> {
  // What the generator was asked for; each class keeps its own copy of teacher, rate, room,
  // start and length because they can be changed one class at a time.
  await db.schema
    .createTable('class_series')
    .addColumn('class_series_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.course_id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.teacher_id'))
    .addColumn('teacher_rate_id', 'integer', (c) => c.notNull().references('teacher_rates.teacher_rate_id'))
    .addColumn('room_id', 'integer', (c) => c.references('rooms.room_id').onDelete('set null'))
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.schedule_id'))
    .addColumn('day_week_id', 'integer', (c) => c.references('day_weeks.day_week_id'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    // Wall-clock time in Europe/London, "HH:MM".
    .addColumn('start_time', 'text', (c) => c.notNull().check(sql`start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('class_length', 'integer', (c) => c.notNull().check(sql`class_length between 1 and 1440`))
    .addColumn('number_of_classes', 'integer', (c) => c.notNull().check(sql`number_of_classes between 1 and 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('class_series_course_idx').on('class_series').column('course_id').execute();

  // Status (the spec's "series status"): 0 No Students, 1 Scheduled, 2 Requires marking,
  // 3 Marked, 4 Archived, 5 Suspended, 6 Paid. 1 and 2 are told apart by the clock at query time;
  // the stored value records what marking and settlement decided.
  await db.schema
    .createTable('classes')
    .addColumn('class_id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('class_series_id', 'integer', (c) => c.notNull().references('class_series.class_series_id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.course_id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('teachers.teacher_id'))
    .addColumn('teacher_rate_id', 'integer', (c) => c.notNull().references('teacher_rates.teacher_rate_id'))
    .addColumn('room_id', 'integer', (c) => c.references('rooms.room_id').onDelete('set null'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('class_length', 'integer', (c) => c.notNull().check(sql`class_length between 1 and 1440`))
    .addColumn('status_id', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status_id between 0 and 6`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .$call(withChangeColumns)
    .addCheckConstraint('classes_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('classes_teacher_starts_idx').on('classes').columns(['teacher_id', 'starts_at']).execute();
  await db.schema.createIndex('classes_course_starts_idx').on('classes').columns(['course_id', 'starts_at']).execute();
  await db.schema.createIndex('classes_room_starts_idx').on('classes').columns(['room_id', 'starts_at']).execute();
  await db.schema.createIndex('classes_series_idx').on('classes').column('class_series_id').execute();
  await db.schema.createIndex('classes_starts_idx').on('classes').column('starts_at').execute();
  await db.schema.createIndex('classes_status_ends_idx').on('classes').columns(['status_id', 'ends_at']).execute();
  await db.schema.createIndex('classes_teacher_change_idx').on('classes').columns(['teacher_id', 'change_seq']).execute();
  await db.schema.createIndex('classes_rate_idx').on('classes').column('teacher_rate_id').execute();
  await trackChanges(db, 'classes', ['class_id'], { versioned: true });

  // A student's line in a class register: 0 not enrolled, 1 pending, 2 attended, 3 late
  // cancellation, 4 cancelled in advance, 5 absent, 6 not student. Teachers set 2 or 5 or clear to
  // 1; an admin's per-class override (is_override) sets the others and survives re-enrolment.
  await db.schema
    .createTable('class_attendance')
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.class_id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.student_id').onDelete('cascade'))
    .addColumn('status_id', 'smallint', (c) => c.notNull().defaultTo(1).check(sql`status_id between 0 and 6`))
    .addColumn('is_override', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('marked_at', 'timestamptz')
    .addColumn('marked_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .$call(withChangeColumns)
    .addPrimaryKeyConstraint('class_attendance_pkey', ['class_id', 'student_id'])
    .execute();
  await db.schema.createIndex('class_attendance_student_idx').on('class_attendance').columns(['student_id', 'class_id']).execute();
  await trackChanges(db, 'class_attendance', ['class_id', 'student_id'], { versioned: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['class_attendance', 'classes', 'class_series']) {
    await db.schema.dropTable(t).execute();
  }
}
