import { sql, type Kysely } from 'kysely';

// Offline changes are checked for conflicts field group by field group: marking a class's register
// bumps classes.version (its status changes) but must not make a queued reschedule of that class
// look stale. schedule_version moves only when the class's time or length does.
//
// applied_mutations remembers which row version each applied change started from and produced, so
// a device's later changes to the same row, queued on top of its own earlier ones, are recognised
// as its own history rather than as someone else's conflicting edit.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('classes').addColumn('schedule_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await sql`
    create function rollbook_bump_schedule_version() returns trigger language plpgsql as $$
    begin
      if new.starts_at is distinct from old.starts_at or new.class_length is distinct from old.class_length then
        new.schedule_version := old.schedule_version + 1;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger classes_bump_schedule_version before update on classes
    for each row execute function rollbook_bump_schedule_version()`.execute(db);

  await db.schema
    .alterTable('applied_mutations')
    .addColumn('target', 'text')
    .addColumn('version_before', 'integer')
    .addColumn('version_after', 'integer')
    .execute();
  await db.schema
    .createIndex('applied_mutations_client_target_idx')
    .on('applied_mutations')
    .columns(['client_id', 'target', 'version_before'])
    .where(sql.ref('target'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applied_mutations_client_target_idx').execute();
  await db.schema.alterTable('applied_mutations').dropColumn('target').dropColumn('version_before').dropColumn('version_after').execute();
  await sql`drop trigger classes_bump_schedule_version on classes`.execute(db);
  await sql`drop function rollbook_bump_schedule_version()`.execute(db);
  await db.schema.alterTable('classes').dropColumn('schedule_version').execute();
}
