import { sql, type Kysely } from 'kysely';
import { refreshFunction } from './2026_11_22_001500_course_closing_starts.js';

// The dashboard's four course tiles (spec §2.11) counted every course on each call: one pass over
// all 4,000 courses of a chain and their kept totals, each tile's filter evaluated per row (2.6-3.0
// ms of PostgreSQL, 3.9x more at scale 100 than at scale 10). Each course tile is now one indexed
// read of facts kept here, beside the totals they are made of, by the same triggers, in the same
// transaction as the change:
// - course_status_id: the course's status (copied, so a partial index can hold each tile's courses);
// - time_discrepancy: classes bought × their length ≠ minutes of the classes generated;
// - expiring_on: the first London day on which the course counts as expiring: its last class is
//   then past or on one of the next 14 (EXPIRING_WITHIN_DAYS) London days;
// - few_left_from: the moment from which at most 3 (COURSES_REMAINING_THRESHOLD) of the classes
//   bought remain to be held (duration − classes started ≤ 3): the start of the (allowance+1)-th
//   latest class, where allowance = classes − duration + 3; '-infinity' when the course has no more
//   than `allowance` classes at all, null when never (allowance < 0).
// The last two change with the clock, not with writes, so they are kept as the moment the course
// starts counting and the tiles read them as ranges (few_left_from <= now()).
// These are the rules of the courses list's figure filters (api courses/course-figure-filters.ts),
// which read the same columns: written once, here.
//
// Every course now has a totals row (from its insert; with no classes its counts are 0), so a
// course without classes is counted like any other. A change to a course's status, duration or
// class length refreshes its row; marking and settlement still touch none of it.

const FACTS = sql`course_status_id = c.course_status_id,
  time_discrepancy = (c.duration * c.class_length_template <> t.class_minutes),
  expiring_on = (t.last_starts_at at time zone 'Europe/London')::date - 14,
  few_left_from = case
    when t.class_count - c.duration + 3 < 0 then null
    when t.class_count - c.duration + 3 >= t.class_count then '-infinity'::timestamptz
    else (select k.starts_at from classes k where k.course_id = t.course_id
      order by k.starts_at desc offset t.class_count - c.duration + 3 limit 1)
    end`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_class_totals')
    .addColumn('course_status_id', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('time_discrepancy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expiring_on', 'date')
    .addColumn('few_left_from', 'timestamptz')
    .execute();

  // One refresh for a set of courses, whatever changed (classes or the course): recomputed, not
  // adjusted by deltas, so nothing can drift. Rows are locked in course order (as before).
  await sql`
    create function rollbook_refresh_course_totals(course_ids integer[]) returns void language plpgsql as $$
    begin
      insert into course_class_totals (course_id)
        select course_id from courses where course_id = any(course_ids) order by course_id
        on conflict (course_id) do nothing;
      perform from course_class_totals where course_id = any(course_ids) order by course_id for update;
      update course_class_totals t
        set class_count = s.class_count, class_minutes = s.class_minutes, last_starts_at = s.last_starts_at,
            closing_starts = array(select k.starts_at from classes k where k.course_id = t.course_id order by k.starts_at desc limit 8)
        from (select c.course_id, count(cl.class_id)::int as class_count, coalesce(sum(cl.class_length), 0)::int as class_minutes,
                     max(cl.starts_at) as last_starts_at
                from unnest(course_ids) as c(course_id) left join classes cl on cl.course_id = c.course_id
               group by c.course_id) s
       where t.course_id = s.course_id;
      update course_class_totals t set ${FACTS}
        from courses c where c.course_id = t.course_id and t.course_id = any(course_ids);
    end
    $$`.execute(db);

  // Migration 001500's trigger function, now handing its courses to the refresh above; a truncate
  // of the classes leaves every course with zero classes (a row each), not without a row.
  await sql`
    create or replace function rollbook_refresh_course_class_totals() returns trigger language plpgsql as $$
    declare
      course_ids integer[];
    begin
      if tg_op = 'TRUNCATE' then
        course_ids := array(select course_id from course_class_totals);
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
      if course_ids is null or cardinality(course_ids) = 0 then
        return null;
      end if;
      perform rollbook_refresh_course_totals(course_ids);
      return null;
    end
    $$`.execute(db);

  await sql`
    create function rollbook_refresh_course_totals_of_course() returns trigger language plpgsql as $$
    begin
      perform rollbook_refresh_course_totals(array[new.course_id]);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger courses_totals_insert after insert on courses
    for each row execute function rollbook_refresh_course_totals_of_course()`.execute(db);
  await sql`create trigger courses_totals_update after update of course_status_id, duration, class_length_template on courses
    for each row when (old.course_status_id is distinct from new.course_status_id or old.duration is distinct from new.duration
      or old.class_length_template is distinct from new.class_length_template)
    execute function rollbook_refresh_course_totals_of_course()`.execute(db);

  await sql`select rollbook_refresh_course_totals(array(select course_id from courses order by course_id))`.execute(db);

  // One per course tile, holding only the courses of the statuses the tile counts (the
  // dashboard's counts are index-only scans of these).
  await sql`create index course_totals_draft_idx on course_class_totals (course_id) where course_status_id = 1`.execute(db);
  await sql`create index course_totals_discrepancy_idx on course_class_totals (course_id) where course_status_id = 2 and time_discrepancy`.execute(db);
  await sql`create index course_totals_expiring_idx on course_class_totals (expiring_on) where course_status_id = 2`.execute(db);
  await sql`create index course_totals_few_left_idx on course_class_totals (few_left_from) where course_status_id in (2, 3)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['course_totals_draft_idx', 'course_totals_discrepancy_idx', 'course_totals_expiring_idx', 'course_totals_few_left_idx']) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  await sql`drop trigger courses_totals_insert on courses`.execute(db);
  await sql`drop trigger courses_totals_update on courses`.execute(db);
  await sql`drop function rollbook_refresh_course_totals_of_course()`.execute(db);
  // Migration 001500's function again (its truncate deleted every row).
  await refreshFunction(db, true);
  await sql`drop function rollbook_refresh_course_totals(integer[])`.execute(db);
  await db.schema.alterTable('course_class_totals')
    .dropColumn('course_status_id').dropColumn('time_discrepancy').dropColumn('expiring_on').dropColumn('few_left_from')
    .execute();
}
