// The API contract other teams build on: writes api/openapi.json from the app (as /api/docs/json
// serves it), lints it with Redocly CLI's recommended rules (any error fails), generates a typed
// client with openapi-typescript into contract-client/generated and type-checks the sample client
// against it. `--check` (CI) fails instead of writing when the committed document is stale.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renamedOperationIds } from './contract-renames.js';
import { buildOpenApiDocument } from './openapi-document.js';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const documentFile = join(apiDir, 'openapi.json');
const clientDir = join(apiDir, 'contract-client');
const check = process.argv.includes('--check');
const allowRenames = process.argv.includes('--allow-renames');
const fix = 'run `npx -y pnpm@12 api:contract` and commit api/openapi.json';

const started = Date.now();
const document = await buildOpenApiDocument();
const text = `${JSON.stringify(document, null, 2)}\n`;
const committed = existsSync(documentFile) ? readFileSync(documentFile, 'utf8') : null;

if (check) {
  if (committed !== text) fail(`api/openapi.json does not match the API the code declares: ${fix}.`);
} else {
  const renames = committed ? renamedOperationIds(JSON.parse(committed), document) : [];
  if (renames.length > 0 && !allowRenames) {
    fail([
      'These operations would change their published operationId (generated clients call them by it):',
      ...renames.map((r) => `  ${r.method.toUpperCase()} ${r.path}: ${r.before} → ${r.after}`),
      "Declare the old id in the route's schema (operationId), or pass --allow-renames if the break is intended.",
    ].join('\n'));
  }
  writeFileSync(documentFile, text);
}
const operations = Object.values(document.paths as Record<string, object>).flatMap((methods) => Object.keys(methods)).length;
console.info(`api/openapi.json: ${check ? 'up to date' : 'written'}, ${operations} operations`);

// Redocly would otherwise report usage to its servers and look for a newer version.
const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
run('redocly', ['lint', documentFile, '--extends=recommended', '--format=summary'], quiet);

const typesFile = join(clientDir, 'generated', 'rollbook-api.d.ts');
run('openapi-typescript', [documentFile, '--output', typesFile], quiet);
run('tsc', ['-p', join(clientDir, 'tsconfig.json')], process.env);
console.info(`typed client ${relative(apiDir, typesFile)} generated and contract-client type-checked (${Date.now() - started} ms in all)`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    execFileSync(command, args, { cwd: apiDir, env, stdio: 'inherit' });
  } catch {
    fail(`${command} failed (see above).`);
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
