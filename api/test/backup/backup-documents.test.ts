import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreBackup } from '../../src/db/backup/restore-backup.js';
import { writeBackup } from '../../src/db/backup/write-backup.js';
import type { DbHandle } from '../../src/db/create-db.js';
import { multipartBody } from '../files/multipart.js';
import { createStudent } from '../helpers/factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { buildTestApp } from '../helpers/test-app.js';
import { emptyDatabase, engines, migratedDatabase } from './school-snapshot.js';

// A school that keeps uploaded documents in a folder (FILES_DIR) has only their records in the
// database: the backup must carry the bytes too, or a restored school's downloads answer 404.

vi.setConfig({ testTimeout: 120_000 });

const kind = engines[0]!;
let source: DbHandle;
let filesDir: string;
let backupDir: string;
/** Larger than a part (512 KiB), so it spans several lines of the file. */
const contract = Buffer.concat([randomBytes(1_300_000), Buffer.from([0, 255, 10, 13])]);
const note = Buffer.from('Paid in cash, receipt 42\n');
const uploaded: { name: string; bytes: Buffer; fileId: number }[] = [];

async function upload(app: FastifyInstance, headers: Record<string, string>, studentId: number, name: string, bytes: Buffer): Promise<number> {
  const body = multipartBody({ entityTypeId: 1, entityId: studentId, title: name }, [{ filename: name, content: bytes, contentType: 'application/octet-stream' }]);
  const res = await app.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...headers, ...body.headers } });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.body}`);
  return res.json().fileId as number;
}

/** Downloads every uploaded document from a Rollbook serving the restored school. */
async function downloads(db: DbHandle['db'], dir: string | undefined): Promise<{ status: number; same: boolean }[]> {
  const app = await buildTestApp(db, { filesDir: dir });
  try {
    const admin = (await loginFor(app, db, 'CompanyAdmin', null)).headers;
    const answers = [];
    for (const file of uploaded) {
      const res = await app.inject({ url: `/api/files/Download?id=${file.fileId}`, headers: admin });
      answers.push({ status: res.statusCode, same: res.rawPayload.equals(file.bytes) });
    }
    return answers;
  } finally {
    await app.close();
  }
}

const allDownloaded = () => uploaded.map(() => ({ status: 200, same: true }));

beforeAll(async () => {
  source = await migratedDatabase(kind);
  filesDir = await mkdtemp(join(tmpdir(), 'rollbook-files-'));
  backupDir = await mkdtemp(join(tmpdir(), 'rollbook-backup-docs-'));
  const app = await buildTestApp(source.db, { filesDir });
  try {
    const admin = (await loginFor(app, source.db, 'CompanyAdmin', null)).headers;
    const { studentId } = await createStudent(source.db);
    for (const [name, bytes] of [['contract.pdf', contract], ['note.txt', note]] as const) {
      uploaded.push({ name, bytes, fileId: await upload(app, admin, studentId, name, bytes) });
    }
  } finally {
    await app.close();
  }
});
afterAll(async () => {
  await source?.close();
});

describe(`documents kept in FILES_DIR (${kind})`, () => {
  let file: string;

  it('are carried in the backup, and a restore with another FILES_DIR serves every download as uploaded', async () => {
    file = join(backupDir, 'with-documents.jsonl.gz');
    const summary = await writeBackup(source.db, kind, file, { filesDir });
    expect(summary.documents).toEqual({ count: 2, bytes: contract.length + note.length, missing: [], notIncluded: 0 });

    const target = await emptyDatabase(kind);
    const restoredDir = await mkdtemp(join(tmpdir(), 'rollbook-files-restored-'));
    try {
      expect((await restoreBackup(target.db, file, { filesDir: restoredDir })).documents).toBe(2);
      expect(await downloads(target.db, restoredDir)).toEqual(allDownloaded());
      // Each written whole under its key: no half-written temporary left behind.
      const names = (await readdir(restoredDir, { recursive: true })).filter((n) => n.includes('restoring'));
      expect(names).toEqual([]);
      expect(await target.db.selectFrom('fileBlobs').select('storageKey').execute()).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('are restored into the database when the restoring Rollbook keeps documents there (no FILES_DIR)', async () => {
    const target = await emptyDatabase(kind);
    try {
      await restoreBackup(target.db, file);
      expect(await downloads(target.db, undefined)).toEqual(allDownloaded());
    } finally {
      await target.close();
    }
  });

  it('refuses a file whose document lines could write outside the folder or are out of order, writing nothing', async () => {
    const lines = gunzipSync(await readFile(file)).toString('utf8').trimEnd().split('\n');
    const first = lines.findIndex((l) => l.startsWith('{"kind":"document"'));
    const second = lines.findIndex((l, i) => i > first && l.includes('"part":1'));
    const rewritten = async (name: string, change: (body: string[]) => string[]) => {
      const body = change(lines.slice(0, -1)).map((l) => `${l}\n`).join('');
      const end = { ...JSON.parse(lines.at(-1)!), sha256: createHash('sha256').update(body).digest('hex') };
      const path = join(backupDir, name);
      await writeFile(path, gzipSync(`${body}${JSON.stringify(end)}\n`));
      return path;
    };
    const escaping = await rewritten('escaping.jsonl.gz', (body) => body.map((l, i) => (i === first ? l.replace(/"key":"[0-9a-f]{32}"/, '"key":"../../../../tmp/owned"') : l)));
    const shuffled = await rewritten('shuffled.jsonl.gz', (body) => body.filter((_, i) => i !== second));
    const target = await emptyDatabase(kind);
    const restoredDir = await mkdtemp(join(tmpdir(), 'rollbook-files-refused-'));
    try {
      await expect(restoreBackup(target.db, escaping, { filesDir: restoredDir })).rejects.toThrow(/escaping\.jsonl\.gz is not a readable Rollbook backup \(line \d+ is not what a backup holds there\); nothing was restored/);
      await expect(restoreBackup(target.db, shuffled, { filesDir: restoredDir })).rejects.toThrow(/part 2 of document [0-9a-f]{32} is out of order\); nothing was restored/);
      expect(await readdir(restoredDir)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('are left out, and said so, when the backup is not told where they are or one is missing', async () => {
    const unaware = await writeBackup(source.db, kind, join(backupDir, 'no-files-dir.jsonl.gz'));
    expect(unaware.documents).toEqual({ count: 0, bytes: 0, missing: [], notIncluded: 2 });

    const key = (await source.db.selectFrom('files').select('storageKey').where('originalName', '=', 'note.txt').executeTakeFirstOrThrow()).storageKey;
    await rm(join(filesDir, key.slice(0, 2), key));
    const partial = await writeBackup(source.db, kind, join(backupDir, 'one-missing.jsonl.gz'), { filesDir });
    expect(partial.documents).toEqual({ count: 1, bytes: contract.length, missing: ['note.txt'], notIncluded: 0 });
  });
});
