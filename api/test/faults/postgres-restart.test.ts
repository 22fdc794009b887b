import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivatePostgres, privatePostgresAvailable } from './private-postgres.js';
import { FAULT_TEST_TIMEOUT_MS, ServerProcess, sleep, waitFor } from './server-process.js';

// PostgreSQL goes away under load (a restart, a failover) while the API keeps running. Teachers'
// phones must get a clear "try again shortly" (503 with Retry-After), never a 500 and never a
// request left hanging, and the API must serve again by itself once PostgreSQL is back: no restart
// of the API. Runs on a private PostgreSQL cluster started for this file (the shared one on 5432
// is never restarted); the demo school is seeded into it by the server (SEED_DEMO=1).

const UNAVAILABLE = 'The service is temporarily unavailable, please try again shortly';
/** Generous bound on any one request: one that takes longer counts as hanging. */
const HANG_MS = 20_000;

type Phase = 'up' | 'stopping' | 'down' | 'restarting' | 'back';

interface Sample {
  /** The phase when the request was sent and when its answer came. */
  phase: Phase;
  answeredIn: Phase;
  status: number | 'hung' | 'network';
  message?: string;
  retryAfter?: string | null;
}

describe.runIf(privatePostgresAvailable())('PostgreSQL restarting under load', () => {
  const postgres = new PrivatePostgres();
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    await postgres.init();
    await postgres.start();
    await postgres.createDatabase('rollbook');
    server = new ServerProcess({ databaseUrl: postgres.url('rollbook'), seedDemo: true });
    await server.start();
    const res = await fetch(`${server.url}/api/users/authenticate`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teacher', password: 'demo1234' }),
    });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await server?.dispose();
    await postgres.dispose();
  });

  it('answers 503 with Retry-After while PostgreSQL is down and serves again when it is back, without an API restart', async () => {
    let phase: Phase = 'up';
    let running = true;
    const samples: Sample[] = [];
    const pid = server.pid;

    async function teacherWeekLoop() {
      while (running) {
        const started = phase;
        try {
          const res = await fetch(`${server.url}/api/classes/GetByFilter?timePeriod=W`, {
            headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(HANG_MS),
          });
          const body = (await res.json()) as { message?: string };
          samples.push({ phase: started, answeredIn: phase, status: res.status, ...(res.status === 200 ? {} : { message: body.message, retryAfter: res.headers.get('retry-after') }) });
        } catch (err) {
          samples.push({ phase: started, answeredIn: phase, status: (err as Error).name === 'TimeoutError' ? 'hung' : 'network' });
        }
        await sleep(20);
      }
    }
    /** Requests sent and answered within the phase. */
    const seen = (p: Phase) => samples.filter((s) => s.phase === p && s.answeredIn === p);
    const health = async () => {
      const res = await fetch(`${server.url}/api/infra/Health`, { signal: AbortSignal.timeout(HANG_MS) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const loops = Array.from({ length: 4 }, () => teacherWeekLoop());

    try {
      await waitFor('traffic while PostgreSQL is up', async () => (seen('up').length >= 20 ? true : undefined));
      expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
      phase = 'stopping';
      await postgres.stop('fast');
      phase = 'down';
      await waitFor('traffic while PostgreSQL is down', async () => (seen('down').length >= 20 ? true : undefined), 60_000);
      // The process itself still answers what needs no database; its health check tells the database is out of reach.
      const version = await fetch(`${server.url}/api/infra/GetVersionNumber`);
      expect(version.status).toBe(200);
      expect(await health()).toEqual({ status: 503, body: { message: UNAVAILABLE, code: 'UNAVAILABLE' } });

      phase = 'restarting';
      await postgres.start();
      phase = 'back';
      // Back to normal by itself: twenty answers in a row are 200.
      await waitFor('the API to serve again', async () => {
        const back = seen('back');
        return back.length >= 20 && back.slice(-20).every((s) => s.status === 200) ? true : undefined;
      }, 60_000);
      expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
    } finally {
      running = false;
      await Promise.all(loops);
    }

    expect(seen('up').every((s) => s.status === 200)).toBe(true);
    // While down: every answer is the readable 503, with a hint when to retry.
    expect(seen('down').filter((s) => s.status !== 503)).toEqual([]);
    for (const s of seen('down')) expect(s).toMatchObject({ message: UNAVAILABLE, retryAfter: expect.stringMatching(/^\d+$/) });
    // Around the stop and the start: only 200 or that 503; never a 500, a dropped connection or a hang.
    expect(samples.filter((s) => s.status !== 200 && !(s.status === 503 && s.message === UNAVAILABLE))).toEqual([]);
    // The same API process throughout.
    expect(server.running).toBe(true);
    expect(server.pid).toBe(pid);
  }, FAULT_TEST_TIMEOUT_MS);
});
