import { sql, type Kysely } from 'kysely';

// The admin classes list answers, with each page, how many classes match and how many students
// are on their registers ('Classes - N found (M students)', spec §2.6). A school chain holds 15,000
// classes a month and 75,000 register lines for them: counting those on every page cost more than
// the page itself (a parallel scan of every register line for the students). So the two figures
// are kept per London day, by triggers, in the same transaction as the change: a whole-day range
// with no other filter (this week, this month, everything) sums at most a few hundred rows.
//
// Only what changes the figures does work: a new class counts on its day; a class deleted takes
// itself and its register lines off (before its lines go with it); a class moved to another day
// takes both along; a register line counts while its status is not 0 (not enrolled). Marking
// (1 → 2 or 5) and settlement change neither a day nor a 0 status, and the triggers that could see
// them are row triggers whose WHEN condition is false: the hot write paths run no trigger code.
// Statement triggers add their deltas in day order, so concurrent writers lock the day rows in one
// order; deltas are added to the row's current value, so concurrent writers of one day add up.

const LONDON_DAY = (column: string) => sql.raw(`(${column} at time zone 'Europe/London')::date`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('class_day_totals')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('class_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('register_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const addDeltas = (select: ReturnType<typeof sql>) => sql`
    insert into class_day_totals as t (day, class_count, register_count)
      select day, sum(class_delta)::int, sum(line_delta)::int from (${select}) d group by day order by day
    on conflict (day) do update set class_count = t.class_count + excluded.class_count, register_count = t.register_count + excluded.register_count`;

  await sql`create function rollbook_class_day_totals_classes_insert() returns trigger language plpgsql as $$
    begin
      ${addDeltas(sql`select ${LONDON_DAY('starts_at')} as day, 1 as class_delta, 0 as line_delta from new_classes`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger classes_day_totals_insert after insert on classes referencing new table as new_classes
    for each statement execute function rollbook_class_day_totals_classes_insert()`.execute(db);

  // Before the row goes, so its register lines (deleted with it by the foreign key) are still there to count.
  await sql`create function rollbook_class_day_totals_class_delete() returns trigger language plpgsql as $$
    begin
      update class_day_totals
        set class_count = class_count - 1,
            register_count = register_count - (select count(*) from class_attendance a where a.class_id = old.class_id and a.status_id <> 0)::int
        where day = ${LONDON_DAY('old.starts_at')};
      return old;
    end $$`.execute(db);
  await sql`create trigger classes_day_totals_delete before delete on classes
    for each row execute function rollbook_class_day_totals_class_delete()`.execute(db);

  await sql`create function rollbook_class_day_totals_class_move() returns trigger language plpgsql as $$
    declare
      line_count integer;
    begin
      select count(*) into line_count from class_attendance a where a.class_id = new.class_id and a.status_id <> 0;
      ${addDeltas(sql`select ${LONDON_DAY('old.starts_at')} as day, -1 as class_delta, -line_count as line_delta
        union all select ${LONDON_DAY('new.starts_at')}, 1, line_count`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger classes_day_totals_move after update of starts_at on classes
    for each row when (${LONDON_DAY('old.starts_at')} is distinct from ${LONDON_DAY('new.starts_at')})
    execute function rollbook_class_day_totals_class_move()`.execute(db);

  // A line whose class is gone was taken off with the class (lines of a deleted class go by cascade).
  for (const [event, table, sign] of [['insert', 'new_lines', 1], ['delete', 'old_lines', -1]] as const) {
    await sql`create function ${sql.raw(`rollbook_class_day_totals_lines_${event}`)}() returns trigger language plpgsql as $$
      begin
        ${addDeltas(sql`select ${LONDON_DAY('c.starts_at')} as day, 0 as class_delta, ${sql.lit(sign)} as line_delta
          from ${sql.raw(table)} l join classes c on c.class_id = l.class_id where l.status_id <> 0`)};
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(`class_attendance_day_totals_${event}`)} after ${sql.raw(event)} on class_attendance
      referencing ${sql.raw(event === 'insert' ? 'new' : 'old')} table as ${sql.raw(table)}
      for each statement execute function ${sql.raw(`rollbook_class_day_totals_lines_${event}`)}()`.execute(db);
  }

  await sql`create function rollbook_class_day_totals_line_status() returns trigger language plpgsql as $$
    begin
      ${addDeltas(sql`select ${LONDON_DAY('c.starts_at')} as day, 0 as class_delta,
          (case when new.status_id <> 0 then 1 else 0 end) - (case when old.status_id <> 0 then 1 else 0 end) as line_delta
        from classes c where c.class_id = new.class_id`)};
      return null;
    end $$`.execute(db);
  await sql`create trigger class_attendance_day_totals_status after update of status_id on class_attendance
    for each row when ((old.status_id <> 0) is distinct from (new.status_id <> 0))
    execute function rollbook_class_day_totals_line_status()`.execute(db);

  await sql`create function rollbook_class_day_totals_truncate() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'classes' then
        delete from class_day_totals;
      else
        update class_day_totals set register_count = 0 where register_count <> 0;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['classes', 'class_attendance']) {
    await sql`create trigger ${sql.raw(`${table}_day_totals_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function rollbook_class_day_totals_truncate()`.execute(db);
  }

  await sql`insert into class_day_totals (day, class_count, register_count)
    select ${LONDON_DAY('c.starts_at')} as day, count(*),
      coalesce(sum((select count(*) from class_attendance a where a.class_id = c.class_id and a.status_id <> 0)), 0)
    from classes c group by 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const triggers = [
    ['classes_day_totals_insert', 'classes'], ['classes_day_totals_delete', 'classes'], ['classes_day_totals_move', 'classes'],
    ['class_attendance_day_totals_insert', 'class_attendance'], ['class_attendance_day_totals_delete', 'class_attendance'],
    ['class_attendance_day_totals_status', 'class_attendance'], ['classes_day_totals_truncate', 'classes'],
    ['class_attendance_day_totals_truncate', 'class_attendance'],
  ];
  for (const [trigger, table] of triggers) await sql`drop trigger ${sql.id(trigger!)} on ${sql.table(table!)}`.execute(db);
  for (const fn of ['classes_insert', 'class_delete', 'class_move', 'lines_insert', 'lines_delete', 'line_status', 'truncate']) {
    await sql`drop function ${sql.raw(`rollbook_class_day_totals_${fn}`)}()`.execute(db);
  }
  await db.schema.dropTable('class_day_totals').execute();
}
