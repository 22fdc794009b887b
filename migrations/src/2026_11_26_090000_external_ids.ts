import { sql, type Kysely } from 'kysely';

// The id a school's previous system gave each student, teacher and course. CSV import matches a row
// to the record it describes by it (else, for people, by e-mail), so importing the same file again
// changes nothing. At most one record per id; most records have none.
const TABLES = ['students', 'teachers', 'courses'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('external_id', 'text', (c) => c.check(sql`length(trim(external_id)) > 0`)).execute();
    await sql`create unique index ${sql.id(`${table}_external_id_key`)} on ${sql.table(table)} (external_id) where external_id is not null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('external_id').execute();
  }
}
