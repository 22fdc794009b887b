import { sql, type Kysely } from 'kysely';

// A teacher's phone must drop a class handed to another teacher. The class row no longer says
// whose it was, so until now every pull of every teacher took every class changed since its cursor,
// school-wide, as a "may have been yours" candidate: at 9 a.m., with hundreds of teachers marking,
// each pull read (and sent the ids of) thousands of other teachers' classes, and its cost moved
// with the rest of the school (0.1-0.5 ms usually; 28 ms a pull through one bench run at scale 100,
// pg_stat_statements).
//
// Now the hand-over itself is recorded, stamped with the class row's own change_seq and change_xid
// (set by its BEFORE trigger), so "handed away from me since my cursor" is an index lookup by the
// previous teacher, with exactly the visibility rules of the class row (pull.repository.ts).
// Pull cursors from before this migration start again (sync-cursor VERSION 3): hand-overs before it
// were not recorded.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_class_handovers')
    .addColumn('handover_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('class_id', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.notNull())
    .addColumn('from_teacher_id', 'integer', (c) => c.notNull())
    .addColumn('change_seq', 'bigint', (c) => c.notNull())
    .addColumn('change_xid', sql`xid8`, (c) => c.notNull())
    .addColumn('handed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sync_class_handovers_from_seq_idx').on('sync_class_handovers').columns(['from_teacher_id', 'change_seq']).execute();
  await db.schema.createIndex('sync_class_handovers_change_xid_idx').on('sync_class_handovers').column('change_xid').execute();

  await sql`
    create function rollbook_record_class_handover() returns trigger language plpgsql as $$
    begin
      insert into sync_class_handovers (class_id, course_id, from_teacher_id, change_seq, change_xid)
      values (new.class_id, old.course_id, old.teacher_id, new.change_seq, new.change_xid);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger classes_record_handover after update of teacher_id on classes
    for each row when (old.teacher_id is distinct from new.teacher_id)
    execute function rollbook_record_class_handover()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger classes_record_handover on classes`.execute(db);
  await sql`drop function rollbook_record_class_handover()`.execute(db);
  await db.schema.dropTable('sync_class_handovers').execute();
}
