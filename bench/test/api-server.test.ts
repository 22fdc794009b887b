import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApi } from '../src/api/api-server.js';

// BENCH_API_NODE_ARGS reaches the API processes the bench starts (a profile of the server under
// the bench's load: NODE_OPTIONS refuses --cpu-prof). A stand-in server answers its Node flags.

describe('the API processes the bench starts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rollbook-bench-api-args-'));
  const serverJs = join(dir, 'server.js');
  writeFileSync(serverJs, `require('node:http').createServer((req, res) => res.end(JSON.stringify(process.execArgv)))
    .listen(Number(process.env.PORT), process.env.HOST);`);
  const before = process.env.BENCH_API_NODE_ARGS;
  afterAll(() => {
    if (before === undefined) delete process.env.BENCH_API_NODE_ARGS;
    else process.env.BENCH_API_NODE_ARGS = before;
    rmSync(dir, { recursive: true, force: true });
  });

  const execArgvOf = async () => {
    const api = await startApi(serverJs, 'postgres://unused');
    try {
      return (await (await fetch(api.baseUrl)).json()) as string[];
    } finally {
      await api.stop();
    }
  };

  it('run with the flags of BENCH_API_NODE_ARGS, and none without it', async () => {
    process.env.BENCH_API_NODE_ARGS = ' --max-old-space-size=200   --stack-size=900 ';
    expect(await execArgvOf()).toEqual(['--max-old-space-size=200', '--stack-size=900']);
    delete process.env.BENCH_API_NODE_ARGS;
    expect(await execArgvOf()).toEqual([]);
  });
});
