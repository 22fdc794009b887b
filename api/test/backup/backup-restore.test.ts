import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrations } from '@rollbook/migrations';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPgliteDb, type DbHandle } from '../../src/db/create-db.js';
import { TRANSIENT_TABLES } from '../../src/db/backup/backup-catalog.js';
import { restoreBackup } from '../../src/db/backup/restore-backup.js';
import { writeBackup } from '../../src/db/backup/write-backup.js';
import { buildTestApp } from '../helpers/test-app.js';
import { loginFor } from '../helpers/people-factories.js';
import { emptyDatabase, engines, expectRestoredRows, migratedDatabase, schoolSnapshot, schoolWithActivity } from './school-snapshot.js';

// A whole school is seeded, backed up and restored per test: on a shared 2-core machine that can take a minute.
vi.setConfig({ testTimeout: 180_000 });

/** Rewrites a backup's lines (the end line's checksum made right again), for files a newer Rollbook would write. */
async function rewriteBackup(from: string, to: string, change: (lines: string[]) => string[]): Promise<void> {
  const lines = change(gunzipSync(await readFile(from)).toString('utf8').trimEnd().split('\n').slice(0, -1));
  const end = JSON.parse(gunzipSync(await readFile(from)).toString('utf8').trimEnd().split('\n').at(-1)!);
  const body = lines.map((l) => `${l}\n`).join('');
  end.sha256 = createHash('sha256').update(body).digest('hex');
  await writeFile(to, gzipSync(`${body}${JSON.stringify(end)}\n`));
}

describe.each(engines)('backup and restore on %s', (kind) => {
  let source: DbHandle;
  let dir: string;
  let file: string;
  let before: Awaited<ReturnType<typeof schoolSnapshot>>;
  let document: Buffer;
  let fileId: number;

  beforeAll(async () => {
    source = await migratedDatabase(kind);
    ({ document, fileId } = await schoolWithActivity(source.db));
    dir = await mkdtemp(join(tmpdir(), 'rollbook-backup-'));
    file = join(dir, 'school.jsonl.gz');
    await writeBackup(source.db, kind, file);
    before = await schoolSnapshot(source.db);
  });
  afterAll(async () => {
    await source?.close();
  });

  it('backs up the marks, the settlement and the document with everything else', () => {
    expect(before.rows.class_attendance!.some((r) => JSON.parse(r).marked_at !== null)).toBe(true);
    expect(before.rows.payment_headers!.length).toBeGreaterThan(0);
    expect(before.rows.file_blobs!.length).toBeGreaterThan(0);
    expect(Object.keys(TRANSIENT_TABLES).every((t) => t in before.rows)).toBe(true);
  });

  it('restores every table row for row into a new database, and new ids continue after the restored ones', async () => {
    const target = await emptyDatabase(kind);
    try {
      await restoreBackup(target.db, file);
      const after = await schoolSnapshot(target.db);
      expectRestoredRows(before, after);
      await expectTransactionIdsKept(target, before.xids, after.xids, kind);

      const highest = await target.db.selectFrom('students').select((eb) => eb.fn.max('studentId').as('id')).executeTakeFirstOrThrow();
      const added = await target.db.insertInto('students').values({ firstName: 'New', lastName: 'Student', email: 'new@example.test' })
        .returning(['studentId', 'changeSeq']).executeTakeFirstOrThrow();
      expect(added.studentId).toBe(Number(highest.id) + 1);
      const seqs = await target.db.selectFrom('classAttendance').select((eb) => eb.fn.max('changeSeq').as('seq')).executeTakeFirstOrThrow();
      expect(Number(added.changeSeq)).toBeGreaterThan(Number(seqs.seq));

      const app = await buildTestApp(target.db);
      try {
        const admin = await loginFor(app, target.db, 'CompanyAdmin', null);
        const download = await app.inject({ url: `/api/files/Download?id=${fileId}`, headers: admin.headers });
        expect(download.statusCode).toBe(200);
        expect(download.rawPayload.equals(document)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses to restore over a school unless forced, then replaces it whole', async () => {
    const target = await migratedDatabase(kind);
    try {
      await target.db.insertInto('subjects').values({ name: 'Only here', color: '#000000' }).execute();
      await target.db.insertInto('users').values({ username: 'someone', passwordHash: 'x', firstName: 'Some', lastName: 'One', active: true }).execute();
      await expect(restoreBackup(target.db, file)).rejects.toThrow(/already holds a school .* add --force to replace it; nothing was restored/);
      expect((await target.db.selectFrom('users').select('username').execute()).map((u) => u.username)).toEqual(['someone']);

      await restoreBackup(target.db, file, { force: true });
      const after = await schoolSnapshot(target.db);
      expect(after.rows.subjects).toEqual(before.rows.subjects);
      expect(after.rows.users).toEqual(before.rows.users);
    } finally {
      await target.close();
    }
  });

  describe('a file it cannot trust is refused and nothing is written', () => {
    let target: DbHandle;
    let untouched: Awaited<ReturnType<typeof schoolSnapshot>>;
    beforeAll(async () => {
      target = await migratedDatabase(kind);
      untouched = await schoolSnapshot(target.db);
    });
    afterAll(async () => {
      await target?.close();
    });

    const refuses = async (path: string, message: RegExp) => {
      await expect(restoreBackup(target.db, path)).rejects.toThrow(message);
      expect(await schoolSnapshot(target.db)).toEqual(untouched);
    };

    it('refuses a file cut short', async () => {
      const whole = await readFile(file);
      const cut = join(dir, 'cut.jsonl.gz');
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
      await refuses(cut, /cut\.jsonl\.gz is not a readable Rollbook backup \(.*\); nothing was restored\./);
    });

    it('refuses a file whose rows were changed', async () => {
      const lines = gunzipSync(await readFile(file)).toString('utf8').split('\n');
      const at = lines.findIndex((l) => l.startsWith('["'));
      lines[at] = lines[at]!.replace(/"(\d)/, '"9$1');
      const changed = join(dir, 'changed.jsonl.gz');
      await writeFile(changed, gzipSync(lines.join('\n')));
      await refuses(changed, /its contents do not match the checksum at its end\); nothing was restored\./);
    });

    it('refuses a file that is not a backup at all', async () => {
      const other = join(dir, 'notes.txt');
      await writeFile(other, 'shopping list');
      await refuses(other, /notes\.txt is not a readable Rollbook backup/);
    });

    it('refuses a file from a newer Rollbook, naming the migration it needs', async () => {
      const newer = join(dir, 'newer.jsonl.gz');
      await rewriteBackup(file, newer, (lines) => [lines[0]!.replace(/"migration":"[^"]+"/, '"migration":"2099_01_01_000000_future"').replace(/"migrations":\[/, '"migrations":["2099_01_01_000000_future",'), ...lines.slice(1)]);
      await refuses(newer, /comes from a newer Rollbook \(migration 2099_01_01_000000_future; this one knows up to \d{4}_.*\)\. Upgrade Rollbook, then restore; nothing was restored\./);
    });

    it('refuses a file in a newer backup format', async () => {
      const newer = join(dir, 'format.jsonl.gz');
      await rewriteBackup(file, newer, (lines) => [lines[0]!.replace('"version":2', '"version":3'), ...lines.slice(1)]);
      await refuses(newer, /written in backup format 3 by a newer Rollbook; this one reads format 2/);
    });

    it('rolls everything back when a row does not fit', async () => {
      const broken = join(dir, 'broken.jsonl.gz');
      await rewriteBackup(file, broken, (lines) => {
        const at = lines.findIndex((l) => l.includes('"name":"students"'));
        return lines.map((l, i) => (i === at + 1 ? l.replace(/^\["\d+"/, '["not a number"') : l));
      });
      await expect(restoreBackup(target.db, broken, { force: true })).rejects.toThrow(/invalid input syntax for type integer/);
      expect(await schoolSnapshot(target.db)).toEqual(untouched);
    });
  });
});

/**
 * A restored row keeps the transaction id of its writer, unless that id lies in the target's future
 * (a busier source): then it is the restoring transaction's own, still below every later pull.
 */
async function expectTransactionIdsKept(target: DbHandle, before: Record<string, string[]>, after: Record<string, string[]>, kind: string): Promise<void> {
  expect(Object.keys(after)).toEqual(Object.keys(before));
  const { rows } = await sql<{ now: string }>`select pg_current_xact_id()::text as now`.execute(target.db);
  for (const column of Object.keys(before)) {
    expect(after[column]!.length, column).toBe(before[column]!.length);
    for (const value of after[column]!) if (value !== 'null') expect(BigInt(value) < BigInt(rows[0]!.now), column).toBe(true);
    // On PostgreSQL the target shares the source's cluster, so its transaction ids are ahead of every source id.
    if (kind === 'postgres') expect(after[column], column).toEqual(before[column]);
  }
}

describe('a backup from an older Rollbook', () => {
  it('is restored at its own migrations and then migrated to the latest, over a newer school too', async () => {
    const newest = Object.keys(migrations).sort().at(-1)!;
    const older = await createPgliteDb(undefined);
    const target = await migratedDatabase('pglite');
    try {
      const withoutNewest = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== newest));
      await new Migrator({ db: older.db, provider: { getMigrations: async () => withoutNewest }, allowUnorderedMigrations: true }).migrateToLatest();
      await older.db.insertInto('subjects').values({ name: 'Old Greek', color: '#123456' }).execute();
      const file = join(await mkdtemp(join(tmpdir(), 'rollbook-backup-')), 'older.jsonl.gz');
      await writeBackup(older.db, 'pglite', file);
      await target.db.insertInto('users').values({ username: 'newer', passwordHash: 'x', firstName: 'New', lastName: 'Er', active: true }).execute();

      await restoreBackup(target.db, file, { force: true });
      const applied = await target.db.withoutPlugins().selectFrom('kysely_migration' as never).select('name' as never).execute() as { name: string }[];
      expect(applied.map((m) => m.name).sort()).toEqual(Object.keys(migrations).sort());
      expect((await target.db.selectFrom('subjects').select('name').execute()).map((s) => s.name)).toContain('Old Greek');
      expect(await target.db.selectFrom('users').select('username').execute()).toEqual([]);
    } finally {
      await older.close();
      await target.close();
    }
  });
});
