import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { DateTime } from 'luxon';
import { expect, inject } from 'vitest';
import { TRANSIENT_TABLES } from '../../src/db/backup/backup-catalog.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createPgliteDb, createPostgresDb, type Db, type DbHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemoSchool } from '../../src/seed/demo-school.js';
import { multipartBody } from '../files/multipart.js';
import { loginFor } from '../helpers/people-factories.js';
import { adminClient, databaseUrl } from '../helpers/pg-admin.js';

/** The engines to run on: PGlite in-process always, PostgreSQL when the tests have one. */
export const engines = (inject('postgres') ? ['postgres', 'pglite'] : ['pglite']) as ('postgres' | 'pglite')[];

/** A database with no tables at all (PostgreSQL: a new database, dropped on close). */
export async function emptyDatabase(kind: 'postgres' | 'pglite'): Promise<DbHandle> {
  if (kind === 'pglite') return createPgliteDb(undefined);
  const { adminUrl } = inject('postgres')!;
  const name = `rollbook_bk_${randomBytes(5).toString('hex')}`;
  const admin = await adminClient(adminUrl);
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = createPostgresDb(databaseUrl(adminUrl, name), 3);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const client = await adminClient(adminUrl);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function migratedDatabase(kind: 'postgres' | 'pglite'): Promise<DbHandle> {
  const handle = await emptyDatabase(kind);
  await migrateToLatest(handle.db);
  return handle;
}

/**
 * The demo school with a day's work done through the API: a document uploaded (stored in the
 * database), a class's register taken and its teacher's settlement raised.
 */
export async function schoolWithActivity(db: Db): Promise<{ document: Buffer; fileId: number }> {
  const now = new Date();
  await seedDemoSchool(db, { scale: 1, now });
  const app = await buildTestApp(db);
  try {
    const admin = (await loginFor(app, db, 'CompanyAdmin', null)).headers;
    const document = Buffer.concat([randomBytes(3000), Buffer.from([0, 0, 255, 92, 120])]);
    const student = await db.selectFrom('students').select('studentId').orderBy('studentId').executeTakeFirstOrThrow();
    const body = multipartBody({ entityTypeId: 1, entityId: student.studentId, title: 'Signed contract' }, [{ filename: 'contract.pdf', content: document, contentType: 'application/pdf' }]);
    const uploaded = await app.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...admin, ...body.headers } });
    if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);

    const toMark = await db.selectFrom('classes').innerJoin('classAttendance', 'classAttendance.classId', 'classes.classId')
      .select(['classes.classId', 'classes.teacherId', 'classAttendance.studentId'])
      .where('classes.statusId', '=', 1).where('classes.startsAt', '<', now).where('classes.paymentHeaderId', 'is', null)
      .orderBy('classes.startsAt', 'desc').execute();
    const classId = toMark[0]!.classId;
    const lines = toMark.filter((l) => l.classId === classId).map((l, i) => ({ classId, studentId: l.studentId, statusId: i % 2 === 0 ? 2 : 5 }));
    const marked = await app.inject({ method: 'POST', url: '/api/classes/UpdateClassAttendenceMultiple', headers: admin, payload: lines });
    if (marked.statusCode !== 200) throw new Error(`mark: ${marked.body}`);

    const periodEnd = DateTime.now().setZone('Europe/London').toFormat('d/M/yyyy');
    const raised = await app.inject({ url: `/api/reports/RaisePaymentReport?teacherIds=${toMark[0]!.teacherId}&periodEndDate=${periodEnd}`, headers: admin });
    if (raised.statusCode !== 200) throw new Error(`raise: ${raised.body}`);
    return { document, fileId: uploaded.json().fileId };
  } finally {
    await app.close();
  }
}

/** Tables compared: every one the catalog lists, but the migrator's (run times differ by nature). */
export async function comparedTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%' order by 1`.execute(db);
  return rows.map((r) => r.name);
}

async function xid8Columns(db: Kysely<any>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and udt_name = 'xid8'`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Every row of every table as sorted JSON text (to_jsonb: bytea as hex, numeric and timestamps
 * exact), and separately each table's transaction-id columns, which a restore keeps only while they
 * are not in the target's future.
 */
export async function schoolSnapshot(db: Kysely<any>): Promise<{ rows: Record<string, string[]>; xids: Record<string, string[]> }> {
  const raw = db.withoutPlugins();
  return raw.transaction().execute(async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    const rows: Record<string, string[]> = {};
    const xids: Record<string, string[]> = {};
    for (const table of await comparedTables(trx)) {
      const xidColumns = await xid8Columns(trx, table);
      const without = xidColumns.reduce((expr, c) => sql`${expr} - ${c}`, sql`to_jsonb(t)`);
      const { rows: found } = await sql<{ r: string }>`select (${without})::text as r from ${sql.table(table)} t`.execute(trx);
      rows[table] = found.map((f) => f.r).sort();
      for (const c of xidColumns) {
        const { rows: values } = await sql<{ v: string | null }>`select ${sql.ref(c)}::text as v from ${sql.table(table)}`.execute(trx);
        xids[`${table}.${c}`] = values.map((v) => v.v ?? 'null').sort();
      }
    }
    return { rows, xids };
  });
}

type Snapshot = Awaited<ReturnType<typeof schoolSnapshot>>;

/**
 * A restored school is the backed-up one row for row, but for what a restore must not copy: the
 * transient tables come back empty, and the sync epoch is a new one (phones' cursors of the
 * replaced history then ask for a full pull).
 */
export function expectRestoredRows(before: Snapshot, after: Snapshot): void {
  expect(Object.keys(after.rows)).toEqual(Object.keys(before.rows));
  for (const table of Object.keys(before.rows)) {
    if (table === 'sync_epoch') continue;
    expect(after.rows[table], table).toEqual(table in TRANSIENT_TABLES ? [] : before.rows[table]);
  }
  const epoch = (s: Snapshot) => s.rows.sync_epoch!.map((r) => (JSON.parse(r) as { epoch: string }).epoch);
  expect(epoch(after)).toHaveLength(1);
  expect(epoch(after)[0]).toMatch(/^[0-9a-f]{16}$/);
  expect(epoch(after)).not.toEqual(epoch(before));
}
