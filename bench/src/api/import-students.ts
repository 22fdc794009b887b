// `pnpm --filter @rollbook/bench run bench:import` (part of `pnpm bench`): the target, a
// school moving to Rollbook imports 10,000 students from CSV in under 30 s at scale 100. The built
// API runs as in production against a copy of the seeded bench database (the import would
// otherwise change the school the hot paths are measured on), and the file goes through the same
// two calls the import screen makes: Preview, then Run. A second Run of the same file must change
// nothing (matched by e-mail) and is timed too.
import type { ImportPreview, ImportResult } from '@rollbook/shared-types/import';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startApi } from './api-server.js';
import { benchDatabaseName, ensureBenchDb, withClient } from './bench-db.js';
import { databaseUrl, loadBenchConfig } from './config.js';
import { loadAverage, speedCheck } from './machine.js';
import { signIn } from './sign-in.js';

const STUDENTS = Number(process.env.BENCH_IMPORT_STUDENTS ?? 10_000);
const SCALE = Number(process.env.BENCH_IMPORT_SCALE ?? 100);
const TARGET_SECONDS = 30;
const COPY = 'rollbook_bench_import';

const config = loadBenchConfig();
const log = (line: string) => console.info(line);

/** A file as a school's spreadsheet would give it: every column of the template, quoted where needed. */
function studentsCsv(company: string, count: number, runId: string): string {
  const lines = ['First name,Last name,Email,Company,Date of birth,Mobile,Town,Notes'];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(`Imported${i},"Student, ${runId}",import.${runId}.${i}@example.org,"${company}",${day}/${month}/1995,07700 ${String(900000 + (i % 99999)).padStart(6, '0')},Leeds,"Moved from the old system"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function post<T>(baseUrl: string, token: string, step: 'Preview' | 'Run', csv: string): Promise<{ body: T; seconds: number }> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/import/${step}?kind=students`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`${step} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  return { body: (await res.json()) as T, seconds };
}

const before = await speedCheck(config.adminUrl);
const seeded = await ensureBenchDb(config.adminUrl, SCALE, log);
await withClient(config.adminUrl, async (admin) => {
  await admin.query(`drop database if exists ${COPY} with (force)`);
  await admin.query(`create database ${COPY} template ${benchDatabaseName(SCALE)}`);
});
const copyUrl = databaseUrl(config.adminUrl, COPY);
const api = await startApi(config.serverJs, copyUrl);
try {
  const { company, schoolStudents } = await withClient(copyUrl, async (c) => ({
    company: (await c.query<{ name: string }>('select name from companies order by company_id limit 1')).rows[0]?.name,
    schoolStudents: Number((await c.query('select count(*) from students')).rows[0].count),
  }));
  if (!company) throw new Error('The bench school has no company');
  const admin = await signIn(api.baseUrl, 'admin');
  const csv = studentsCsv(company, STUDENTS, Date.now().toString(36));

  const preview = await post<ImportPreview>(api.baseUrl, admin.token, 'Preview', csv);
  log(`preview of ${STUDENTS} rows: ${preview.seconds.toFixed(1)} s, totals ${JSON.stringify(preview.body.totals)}`);
  const run = await post<ImportResult>(api.baseUrl, admin.token, 'Run', csv);
  log(`import: ${run.seconds.toFixed(1)} s, ${JSON.stringify(run.body)}`);
  if (run.body.created !== STUDENTS) throw new Error(`Expected ${STUDENTS} students created, got ${JSON.stringify(run.body)}`);
  const again = await post<ImportResult>(api.baseUrl, admin.token, 'Run', csv);
  log(`the same file again: ${again.seconds.toFixed(1)} s, ${JSON.stringify(again.body)}`);
  if (again.body.created !== 0 || again.body.updated !== 0) throw new Error(`Re-importing changed rows: ${JSON.stringify(again.body)}`);

  const after = await speedCheck(config.adminUrl);
  const total = preview.seconds + run.seconds;
  const report = [
    `# Import of ${STUDENTS.toLocaleString('en-GB')} students`,
    '',
    `Scale ${SCALE} bench school (${schoolStudents.toLocaleString('en-GB')} students before the import), the built API as in production, one admin, Preview then Run through HTTP (multipart, as the import screen sends it). ${new Date().toISOString()}, load average ${loadAverage()}.`,
    `Speed check before: ${before}; after: ${after}.`,
    '',
    '| step | seconds |',
    '|---|---|',
    `| Preview (every row checked, nothing written) | ${preview.seconds.toFixed(1)} |`,
    `| Run (one transaction) | ${run.seconds.toFixed(1)} |`,
    `| Preview + Run | ${total.toFixed(1)} (target < ${TARGET_SECONDS}: ${total < TARGET_SECONDS ? 'met' : 'missed'}) |`,
    `| The same file again (matched by e-mail, ${again.body.unchanged} unchanged) | ${again.seconds.toFixed(1)} |`,
    '',
    `Seeded database ${seeded.reused ? 'reused' : `seeded in ${seeded.seedSeconds?.toFixed(0)} s`}; the import ran on a copy (${COPY}), dropped afterwards.`,
    '',
  ].join('\n');
  await writeFile(resolve(config.resultsDir, 'latest-import.md'), report);
  console.info(`\n${report}`);
} finally {
  await api.stop();
  await withClient(config.adminUrl, (admin) => admin.query(`drop database if exists ${COPY} with (force)`));
}
