import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { freePort } from '../../../api/test/faults/server-process.js';

// The built API (api/dist/server.js, or BENCH_SERVER_JS) as its own process, as in production.

export interface RunningApi {
  baseUrl: string;
  port: number;
  stop(): Promise<void>;
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/infra/GetVersionNumber`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API did not answer within a minute:\n${output()}`);
}

/** `jwtSecret`: the same for every server of one scale, so a token works on any of them. */
export async function startApi(serverJs: string, databaseUrl: string, jwtSecret = randomBytes(32).toString('hex')): Promise<RunningApi> {
  if (!existsSync(serverJs)) throw new Error(`${serverJs} does not exist: build the API first (pnpm build, or set BENCH_SERVER_JS)`);
  const port = await freePort();
  // BENCH_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": Node flags for the API processes
  // (a profile of the server under the bench's load; NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverJs], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      SEED_DEMO: '0',
      // A fresh secret per run: tokens from one run mean nothing to the next.
      JWT_SECRET: jwtSecret,
      // Production requires a mail server; nothing measured sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4_000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(baseUrl, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, port, stop };
}
