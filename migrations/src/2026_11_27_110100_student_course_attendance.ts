import { sql, type Kysely } from 'kysely';

// Attendance rates: per student and course, how many of the course's taught classes
// (not Archived 4 or Suspended 5) were marked for the student as held (Attended 2, Late
// cancellation 3 or Absent 5) and of those how many Attended. Worked out from the register on
// every request, the dashboard's warning list read every register line of every Active course:
// 78 ms at scale 10 (three sequential scans and a sort of 27k joined lines), so about 0.8 s at
// scale 100. So the two counts are kept per (course, student), by triggers, in the same
// transaction as the change; the list then reads one small row per student and course.
//
// Marking changes the counts, so the register's statement triggers run on the marking paths: one
// grouped upsert a statement (a push of 50 marks is one or a few statements), of the deltas of
// the lines it changed. Deltas are added to the row's current value, in (course, student) order,
// so concurrent writers of one row add up and lock rows in one order. A class changes the counts
// only when it stops or starts being taught, or is deleted (its lines are taken off before they
// go with it, as class_day_totals does); marking a class (1 → 3) and settling it (3 → 6) do not.
// No check constraint holds 0 ≤ attended ≤ held: PostgreSQL checks the row an upsert proposes (a
// delta, often negative) before it finds the conflict. The API tests hold the kept counts to a
// recount of the register instead.

const HELD = sql.raw('(2, 3, 5)');
const NOT_TAUGHT = sql.raw('(4, 5)');

/** An upsert of (course, student, attended, held) deltas from `select`, in row order. */
export const addDeltas = (select: ReturnType<typeof sql>) => sql`
  insert into student_course_attendance as t (course_id, student_id, attended, held)
    select course_id, student_id, sum(attended)::int, sum(held)::int from (${select}) d
     group by course_id, student_id having sum(attended) <> 0 or sum(held) <> 0 order by course_id, student_id
  on conflict (course_id, student_id) do update set attended = t.attended + excluded.attended, held = t.held + excluded.held`;

/** The counted part of register lines `table` (alias l), signed, with their classes' course. */
export const lineDeltas = (table: string, sign: 1 | -1) => sql`
  select c.course_id, l.student_id,
    ${sql.lit(sign)} * (l.status_id = 2)::int as attended, ${sql.lit(sign)} * (l.status_id in ${HELD})::int as held
  from ${sql.raw(table)} l join classes c on c.class_id = l.class_id
  where l.status_id in ${HELD} and c.status_id not in ${NOT_TAUGHT}`;

/** The counted register lines of the class in the trigger's `row` (old or new), signed. */
export const classLines = (row: 'old' | 'new', sign: 1 | -1) => sql`
    select ${sql.raw(`${row}.course_id`)} as course_id, a.student_id,
      ${sql.lit(sign)} * (a.status_id = 2)::int as attended, ${sql.lit(sign)} as held
    from class_attendance a where a.class_id = ${sql.raw(`${row}.class_id`)} and a.status_id in ${HELD}
      and ${sql.raw(`${row}.status_id`)} not in ${NOT_TAUGHT}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_course_attendance')
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.course_id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.student_id').onDelete('cascade'))
    .addColumn('attended', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('student_course_attendance_pkey', ['course_id', 'student_id'])
    .execute();
  await db.schema.createIndex('student_course_attendance_student_idx').on('student_course_attendance').columns(['student_id', 'course_id']).execute();

  await sql`create function rollbook_attendance_rates_lines_insert() returns trigger language plpgsql as $$
    begin
      ${addDeltas(lineDeltas('new_lines', 1))};
      return null;
    end $$`.execute(db);
  await sql`create trigger class_attendance_rates_insert after insert on class_attendance referencing new table as new_lines
    for each statement execute function rollbook_attendance_rates_lines_insert()`.execute(db);

  // Old lines out, new lines in: a mark 1 → 2 is +1 attended, +1 held; 2 → 5 is −1 attended.
  await sql`create function rollbook_attendance_rates_lines_update() returns trigger language plpgsql as $$
    begin
      ${addDeltas(sql`${lineDeltas('new_lines', 1)} union all ${lineDeltas('old_lines', -1)}`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger class_attendance_rates_update after update on class_attendance
    referencing old table as old_lines new table as new_lines
    for each statement execute function rollbook_attendance_rates_lines_update()`.execute(db);

  // Only subtracts: the row exists while it counts anything. (An upsert here could insert a row for
  // a student being deleted, whose own row went by cascade.) A line whose class is gone was taken
  // off with the class.
  await sql`create function rollbook_attendance_rates_lines_delete() returns trigger language plpgsql as $$
    begin
      update student_course_attendance t set attended = t.attended - d.attended, held = t.held - d.held
        from (select course_id, student_id, -sum(attended)::int as attended, -sum(held)::int as held
                from (${lineDeltas('old_lines', -1)}) x group by course_id, student_id order by course_id, student_id) d
       where t.course_id = d.course_id and t.student_id = d.student_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger class_attendance_rates_delete after delete on class_attendance referencing old table as old_lines
    for each statement execute function rollbook_attendance_rates_lines_delete()`.execute(db);

  // A class that stops (or starts) being taught takes its marked lines off (or puts them on); a
  // class moved to another course moves them.
  await sql`create function rollbook_attendance_rates_class_change() returns trigger language plpgsql as $$
    begin
      ${addDeltas(sql`${classLines('old', -1)} union all ${classLines('new', 1)}`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger classes_attendance_rates_change after update of status_id, course_id on classes
    for each row when ((old.status_id in ${NOT_TAUGHT}) is distinct from (new.status_id in ${NOT_TAUGHT}) or old.course_id <> new.course_id)
    execute function rollbook_attendance_rates_class_change()`.execute(db);

  // Before the row goes, so its register lines (deleted with it by the foreign key) are still there.
  await sql`create function rollbook_attendance_rates_class_delete() returns trigger language plpgsql as $$
    begin
      update student_course_attendance t set attended = t.attended + d.attended, held = t.held + d.held
        from (select course_id, student_id, sum(attended)::int as attended, sum(held)::int as held
                from (${classLines('old', -1)}) x group by course_id, student_id order by course_id, student_id) d
       where t.course_id = d.course_id and t.student_id = d.student_id;
      return old;
    end $$`.execute(db);
  await sql`create trigger classes_attendance_rates_delete before delete on classes
    for each row execute function rollbook_attendance_rates_class_delete()`.execute(db);

  await sql`create function rollbook_attendance_rates_truncate() returns trigger language plpgsql as $$
    begin
      delete from student_course_attendance;
      return null;
    end $$`.execute(db);
  for (const table of ['classes', 'class_attendance']) {
    await sql`create trigger ${sql.raw(`${table}_attendance_rates_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function rollbook_attendance_rates_truncate()`.execute(db);
  }

  await sql`insert into student_course_attendance (course_id, student_id, attended, held)
    select c.course_id, a.student_id, count(*) filter (where a.status_id = 2), count(*)
      from class_attendance a join classes c on c.class_id = a.class_id
     where a.status_id in ${HELD} and c.status_id not in ${NOT_TAUGHT}
     group by c.course_id, a.student_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const triggers = [
    ['class_attendance_rates_insert', 'class_attendance'], ['class_attendance_rates_update', 'class_attendance'],
    ['class_attendance_rates_delete', 'class_attendance'], ['classes_attendance_rates_change', 'classes'],
    ['classes_attendance_rates_delete', 'classes'], ['classes_attendance_rates_truncate', 'classes'],
    ['class_attendance_attendance_rates_truncate', 'class_attendance'],
  ];
  for (const [trigger, table] of triggers) await sql`drop trigger ${sql.id(trigger!)} on ${sql.table(table!)}`.execute(db);
  for (const fn of ['lines_insert', 'lines_update', 'lines_delete', 'class_change', 'class_delete', 'truncate']) {
    await sql`drop function ${sql.raw(`rollbook_attendance_rates_${fn}`)}()`.execute(db);
  }
  await db.schema.dropTable('student_course_attendance').execute();
}
