import { sql, type Kysely } from 'kysely';

// Phones pull "everything that changed since cursor N". Every synced table carries a change_seq
// drawn from one sequence, stamped by a trigger so no code path can forget it; deletes leave a
// tombstone so the pull can tell phones what disappeared. Rows with a version column get it bumped
// on every real change, which is what offline edits compare their baseVersion against.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence rollbook_change_seq as bigint`.execute(db);

  await sql`
    create function rollbook_track_change() returns trigger language plpgsql as $$
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

  await db.schema
    .createTable('sync_tombstones')
    .addColumn('tombstone_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('row_key', 'jsonb', (c) => c.notNull())
    // Who may see that the row went: lets a pull send a teacher only their own deletions.
    .addColumn('teacher_id', 'integer')
    .addColumn('course_id', 'integer')
    .addColumn('student_id', 'integer')
    .addColumn('change_seq', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sync_tombstones_change_seq_idx').on('sync_tombstones').column('change_seq').execute();

  // Arguments: the key columns of the table. Scope columns are copied when the row has them.
  await sql`
    create function rollbook_track_delete() returns trigger language plpgsql as $$
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function rollbook_track_delete()`.execute(db);
  await db.schema.dropTable('sync_tombstones').execute();
  await sql`drop function rollbook_track_change()`.execute(db);
  await sql`drop sequence rollbook_change_seq`.execute(db);
}
