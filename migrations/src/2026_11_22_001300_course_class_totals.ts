import { sql, type Kysely } from 'kysely';

// The dashboard counts courses by figures over all their classes: minutes generated (time
// discrepancy), classes held (classes remaining) and the last class (expiring). Summing them per
// course on every request read all 216k classes at scale 100. Those figures that do not depend on the
// clock are now kept per course, by triggers on classes, so no code path can forget them:
// how many classes, their minutes, and the start of the last one. (Classes held depends on the
// clock and is still counted at query time, from the classes not yet started.) Marking and
// settlement change only a class's status, which none of these depend on, so they never touch the
// kept totals: the hot write paths pay nothing and take no lock for them.
//
// The courses list still aggregates a course's classes itself (held, marked, unmarked depend on the
// clock or on status); classes_course_starts_idx now carries the columns it reads, so that walk is
// an index-only scan instead of a visit to every class row.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index classes_course_starts_idx`.execute(db);
  await sql`create index classes_course_starts_idx on classes (course_id, starts_at)
    include (ends_at, class_length, status_id, teacher_id)`.execute(db);

  await db.schema
    .createTable('course_class_totals')
    .addColumn('course_id', 'integer', (c) => c.primaryKey().references('courses.course_id').onDelete('cascade'))
    .addColumn('class_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('class_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_starts_at', 'timestamptz')
    .execute();

  // Recomputed from the classes, not adjusted by deltas, so a total cannot drift. Concurrent writers
  // of one course queue on its totals row (locked in course order, so they do not deadlock among
  // themselves), and the recount after the wait is a new statement whose snapshot sees what the
  // writer before committed.
  await sql`
    create function rollbook_refresh_course_class_totals() returns trigger language plpgsql as $$
    declare
      course_ids integer[];
    begin
      if tg_op = 'TRUNCATE' then
        delete from course_class_totals;
        return null;
      elsif tg_op = 'INSERT' then
        select array_agg(distinct course_id) into course_ids from new_classes;
      elsif tg_op = 'DELETE' then
        select array_agg(distinct course_id) into course_ids from old_classes;
      else
        select array_agg(distinct changed.course_id) into course_ids from (
          (select class_id, course_id, starts_at, class_length from old_classes
            except select class_id, course_id, starts_at, class_length from new_classes)
          union all
          (select class_id, course_id, starts_at, class_length from new_classes
            except select class_id, course_id, starts_at, class_length from old_classes)
        ) changed;
      end if;
      if course_ids is null then
        return null;
      end if;
      insert into course_class_totals (course_id)
        select course_id from courses where course_id = any(course_ids) order by course_id
        on conflict (course_id) do nothing;
      perform from course_class_totals where course_id = any(course_ids) order by course_id for update;
      update course_class_totals t
        set class_count = s.class_count, class_minutes = s.class_minutes, last_starts_at = s.last_starts_at
        from (select c.course_id, count(cl.class_id)::int as class_count, coalesce(sum(cl.class_length), 0)::int as class_minutes,
                     max(cl.starts_at) as last_starts_at
                from unnest(course_ids) as c(course_id) left join classes cl on cl.course_id = c.course_id
               group by c.course_id) s
       where t.course_id = s.course_id;
      return null;
    end
    $$`.execute(db);
  // A trigger with transition tables may name one event only.
  await sql`create trigger classes_totals_insert after insert on classes referencing new table as new_classes
    for each statement execute function rollbook_refresh_course_class_totals()`.execute(db);
  await sql`create trigger classes_totals_update after update on classes referencing old table as old_classes new table as new_classes
    for each statement execute function rollbook_refresh_course_class_totals()`.execute(db);
  await sql`create trigger classes_totals_delete after delete on classes referencing old table as old_classes
    for each statement execute function rollbook_refresh_course_class_totals()`.execute(db);
  await sql`create trigger classes_totals_truncate after truncate on classes
    for each statement execute function rollbook_refresh_course_class_totals()`.execute(db);

  await sql`insert into course_class_totals (course_id, class_count, class_minutes, last_starts_at)
    select course_id, count(*), sum(class_length), max(starts_at) from classes group by course_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['classes_totals_insert', 'classes_totals_update', 'classes_totals_delete', 'classes_totals_truncate']) {
    await sql`drop trigger ${sql.id(trigger)} on classes`.execute(db);
  }
  await sql`drop function rollbook_refresh_course_class_totals()`.execute(db);
  await db.schema.dropTable('course_class_totals').execute();
  await sql`drop index classes_course_starts_idx`.execute(db);
  await db.schema.createIndex('classes_course_starts_idx').on('classes').columns(['course_id', 'starts_at']).execute();
}
