// Regenerates src/db/database.ts from the migrated schema (kysely-codegen), so the Kysely types
// always describe what the migrations really create. `--check` fails when the committed file is stale.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropScratchDatabase, migratedScratchDatabase } from './migrate-scratch.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const target = join(dirname(fileURLToPath(import.meta.url)), '../src/db/database.ts');
const check = process.argv.includes('--check');

const url = await migratedScratchDatabase(adminUrl, 'rollbook_codegen');
try {
  execFileSync(
    'kysely-codegen',
    [
      '--dialect', 'postgres', '--camel-case', '--url', url, '--out-file', target,
      '--exclude-pattern', 'kysely_migration*',
      // Match the parsers set in create-db.ts: int8 as number, date as 'yyyy-MM-dd'.
      '--date-parser', 'string', '--type-mapping', '{"int8":"number"}',
      ...(check ? ['--verify'] : []),
    ],
    { stdio: 'inherit' },
  );
} finally {
  await dropScratchDatabase(adminUrl, 'rollbook_codegen');
}
