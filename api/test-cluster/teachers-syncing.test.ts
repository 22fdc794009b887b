import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../test/faults/server-process.js';
import { checkExactlyOnce, createSchool, latencySummary, phonesFor, runPhones, type Phone } from '../test-long/teacher-simulator.js';
import { Cluster } from './cluster.js';

// 9 a.m. on three servers behind nginx: the 300-teacher simulator of pnpm test:long (each phone
// pushes 20 marks, then pulls, in a loop), through nginx's round-robin, so a phone's consecutive
// requests land on different servers. Then one server is SIGKILLed in the middle of the pushes.

const TEACHERS = 300;
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 60);
const KILL_PHONES = 100;
const KILL_SECONDS = 20;

let cluster: Cluster;
let phones: Phone[];

beforeAll(async () => {
  cluster = await Cluster.start();
  const school = await createSchool(cluster.db, TEACHERS);
  phones = phonesFor(school, (t) => cluster.token(t.userId, [{ name: 'Teacher', entityId: t.teacherId }]));
});

afterAll(async () => {
  await cluster?.stop();
});

const pushesByServer = () => cluster.nginx.answeredBy((line) => line.method === 'POST' && line.uri === '/api/sync/push');

describe(`${TEACHERS} teachers syncing through nginx to three servers`, () => {
  it(`for ${LOAD_SECONDS} s: 0 errors, 0 lost, 0 duplicated`, async () => {
    const run = await runPhones(phones, { baseUrl: cluster.url, seconds: LOAD_SECONDS });
    expect(run.errors.slice(0, 10)).toEqual([]);
    const outcome = await checkExactlyOnce(cluster.db, phones);
    expect(run.marksAnswered).toBe(outcome.marksMade);
    expect(phones.every((p) => p.seq > 0)).toBe(true);
    expect(outcome.lost.slice(0, 10)).toEqual([]);
    expect(outcome.duplicated.slice(0, 10)).toEqual([]);
    expect(outcome.records).toBe(outcome.marksMade);

    await sleep(200); // nginx writes a request's log line just after its answer
    const byServer = pushesByServer();
    expect(byServer.size).toBe(3);
    const push = latencySummary(run.pushLatency, run.seconds);
    const pull = latencySummary(run.pullLatency, run.seconds);
    console.info(`Cluster load: ${TEACHERS} teachers for ${run.seconds.toFixed(1)} s through nginx to 3 servers: ${outcome.marksMade} marks `
      + `(${Math.round(outcome.marksMade / run.seconds)}/s), 0 errors, 0 lost, 0 duplicated; pushes per server ${[...byServer.values()].join(' / ')}`);
    console.info(`  push of 20: ${push.requests} requests, ${push.perSecond}/s, p50 ${push.p50} ms, p99 ${push.p99} ms; `
      + `pull: ${pull.requests} requests, ${pull.perSecond}/s, p50 ${pull.p50} ms, p99 ${pull.p99} ms`);
  });

  it('apply every mark exactly once when a server is SIGKILLed in the middle of pushes and the phones retry through nginx', async () => {
    const pushing = phones.slice(0, KILL_PHONES);
    const before = new Map(pushesByServer());
    const victim = cluster.servers[1]!;
    const running = runPhones(pushing, { baseUrl: cluster.url, seconds: KILL_SECONDS, retry: true });
    await sleep(5_000);
    await victim.kill();
    const killedAt = Date.now();
    // systemd's Restart=always brings it back (RestartSec=2; here a few seconds later).
    await sleep(5_000);
    victim.launch();
    await victim.ready();
    const backAfterMs = Date.now() - killedAt;
    const run = await running;

    expect(run.errors.slice(0, 10)).toEqual([]);
    const outcome = await checkExactlyOnce(cluster.db, phones);
    expect(outcome.lost.slice(0, 10)).toEqual([]);
    expect(outcome.duplicated.slice(0, 10)).toEqual([]);
    expect(outcome.records).toBe(outcome.marksMade);
    // The kill cut requests off (nginx answered 502, or the connection dropped) and the phones sent them again.
    expect(run.retries, 'no request was cut off by the kill: it proved nothing').toBeGreaterThan(0);
    await sleep(200);
    const after = pushesByServer();
    const victimPushes = (after.get(victim.port) ?? 0) - (before.get(victim.port) ?? 0);
    expect(victimPushes, 'the restarted server took pushes again').toBeGreaterThan(0);
    console.info(`SIGKILL mid-push: ${KILL_PHONES} phones for ${run.seconds.toFixed(1)} s, ${run.retries} requests sent again, `
      + `server back after ${backAfterMs} ms; every mark applied exactly once (${outcome.marksMade} marks in all), 0 errors; `
      + `nginx statuses ${JSON.stringify(Object.fromEntries(cluster.nginx.statuses()))}`);
  });
});
