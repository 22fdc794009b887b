import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { moveToPostgres } from '../../src/db/backup/move-to-postgres.js';
import { createPgliteDb, type DbHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { emptyDatabase, expectRestoredRows, migratedDatabase, schoolSnapshot, schoolWithActivity } from './school-snapshot.js';

// A whole school is seeded, backed up and restored per test: on a shared 2-core machine that can take a minute.
vi.setConfig({ testTimeout: 180_000 });

// Moving up needs a PostgreSQL server to move to; CI always has one (see .ci/run).
describe.runIf(inject('postgres') !== null)('moving an embedded school up to PostgreSQL', () => {
  let dataDir: string;
  let source: DbHandle;
  let before: Awaited<ReturnType<typeof schoolSnapshot>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rollbook-move-'));
    source = await createPgliteDb(join(dataDir, 'pglite'));
    await migrateToLatest(source.db);
    await schoolWithActivity(source.db);
    before = await schoolSnapshot(source.db);
  });
  afterAll(async () => {
    await source?.close();
  });

  it('copies every table row for row, sequences and documents included, and leaves the embedded school as it was', async () => {
    const target = await emptyDatabase('postgres');
    try {
      const moved = await moveToPostgres(source, target, join(dataDir, 'backups'));
      expect(moved.backupPath).toMatch(/backups\/moved-to-postgres-.*\.jsonl\.gz$/);
      const after = await schoolSnapshot(target.db);
      expectRestoredRows(before, after);
      // The target's transaction ids (a shared, busy server) are far ahead of a new embedded database's.
      expect(after.xids).toEqual(before.xids);
      expect(before.rows.file_blobs!.length).toBeGreaterThan(0);

      const highest = await target.db.selectFrom('classes').select((eb) => eb.fn.max('classId').as('id')).executeTakeFirstOrThrow();
      const { classId } = await target.db.insertInto('classes').values((eb) => ({
        classSeriesId: eb.selectFrom('classSeries').select('classSeriesId').limit(1),
        courseId: eb.selectFrom('classSeries').select('courseId').limit(1),
        teacherId: eb.selectFrom('classSeries').select('teacherId').limit(1),
        teacherRateId: eb.selectFrom('classSeries').select('teacherRateId').limit(1),
        startsAt: new Date('2027-01-04T18:00:00Z'), endsAt: new Date('2027-01-04T19:00:00Z'), classLength: 60, statusId: 1,
      })).returning('classId').executeTakeFirstOrThrow();
      expect(classId).toBe(Number(highest.id) + 1);

      expect(await schoolSnapshot(source.db)).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('refuses a PostgreSQL database that already holds a school, and leaves it alone', async () => {
    const target = await migratedDatabase('postgres');
    try {
      await target.db.insertInto('teachers').values({ firstName: 'Already', lastName: 'Here', email: 'here@example.test' }).execute();
      const untouched = await schoolSnapshot(target.db);
      await expect(moveToPostgres(source, target, join(dataDir, 'backups'))).rejects.toThrow(/already holds a school/);
      expect(await schoolSnapshot(target.db)).toEqual(untouched);
    } finally {
      await target.close();
    }
  });
});
