import { sql, type Kysely } from 'kysely';

// A pull asks "what changed since my cursor": change_seq above the cursor's, or written by a
// transaction at or above the cursor's horizon (see api/src/modules/sync/pull.repository.ts). The
// second half was read from the system column xmin, which cannot be indexed, so every pull of a
// teacher scanned all classes for it (85 ms at scale 100, and growing with the school). The
// triggers now also stamp each written row with its writer's transaction id, change_xid (xid8,
// which never wraps), and both halves are index lookups.
//
// The id is taken before the sequence number, so a row's transaction id always exists by the time
// its change_seq does. Rows written before this migration keep change_xid null: their writers had
// finished, and the pull cursor's version moves on with this change, so no cursor from before it
// is trusted (those phones take one full pull).

const TRACKED = ['students', 'teachers', 'courses', 'enrolments', 'classes', 'class_attendance', 'sync_tombstones'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TRACKED) {
    await sql`alter table ${sql.table(table)} add column change_xid xid8`.execute(db);
    await sql`create index ${sql.id(`${table}_change_xid_idx`)} on ${sql.table(table)} (change_xid)`.execute(db);
  }
  await sql`
    create or replace function rollbook_track_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new is not distinct from old then
        return new;
      end if;
      new.change_xid := pg_current_xact_id();
      new.change_seq := nextval('rollbook_change_seq');
      new.updated_at := now();
      if tg_op = 'UPDATE' and tg_nargs > 0 and tg_argv[0] = 'versioned' then
        new.version := old.version + 1;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create or replace function rollbook_track_delete() returns trigger language plpgsql as $$
    declare
      old_row jsonb := to_jsonb(old);
      row_key jsonb := '{}'::jsonb;
      i integer;
      writer xid8 := pg_current_xact_id();
    begin
      for i in 0 .. tg_nargs - 1 loop
        row_key := row_key || jsonb_build_object(tg_argv[i], old_row -> tg_argv[i]);
      end loop;
      insert into sync_tombstones (table_name, row_key, teacher_id, course_id, student_id, change_xid, change_seq)
      values (tg_table_name, row_key,
              (old_row ->> 'teacher_id')::integer,
              (old_row ->> 'course_id')::integer,
              (old_row ->> 'student_id')::integer,
              writer,
              nextval('rollbook_change_seq'));
      return old;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function rollbook_track_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new is not distinct from old then
        return new;
      end if;
      new.change_seq := nextval('rollbook_change_seq');
      new.updated_at := now();
      if tg_op = 'UPDATE' and tg_nargs > 0 and tg_argv[0] = 'versioned' then
        new.version := old.version + 1;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create or replace function rollbook_track_delete() returns trigger language plpgsql as $$
    declare
      old_row jsonb := to_jsonb(old);
      row_key jsonb := '{}'::jsonb;
      i integer;
    begin
      for i in 0 .. tg_nargs - 1 loop
        row_key := row_key || jsonb_build_object(tg_argv[i], old_row -> tg_argv[i]);
      end loop;
      insert into sync_tombstones (table_name, row_key, teacher_id, course_id, student_id, change_seq)
      values (tg_table_name, row_key,
              (old_row ->> 'teacher_id')::integer,
              (old_row ->> 'course_id')::integer,
              (old_row ->> 'student_id')::integer,
              nextval('rollbook_change_seq'));
      return old;
    end
    $$`.execute(db);
  for (const table of TRACKED) await sql`alter table ${sql.table(table)} drop column change_xid`.execute(db);
}
