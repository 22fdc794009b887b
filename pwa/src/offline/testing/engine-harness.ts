import type { RollbookDb } from '../db';
import type { ChangeContext } from '../local-changes';
import { memoryLock, type SenderLock } from '../sender-lock';
import { SyncEngine } from '../sync-engine';
import type { Timers } from '../sync-engine-options';
import { createSyncHttp } from '../sync-http';
import { FakeNetwork } from './fake-network';
import { freshDbName, idleTimers, makeClass, makeLine, makeStudent, manualClock, openTestDb } from './fixtures';

// A phone (one tab) against the fake server: its database, its sender, a hand-moved clock and the
// token it would read from the session. Tests drive the engine directly; no timers fire by themselves.

export const USER_ID = 7;

export interface Phone {
  db: RollbookDb;
  engine: SyncEngine;
  ctx: ChangeContext;
  token: { value: string | null };
  clock: ReturnType<typeof manualClock>;
}

export interface PhoneOptions {
  network: FakeNetwork;
  dbName?: string;
  lock?: SenderLock;
  clock?: ReturnType<typeof manualClock>;
  token?: { value: string | null };
  timers?: Timers;
}

export function openPhone({
  network, dbName = freshDbName(), lock = memoryLock(), clock = manualClock(), token = { value: 'token-7' }, timers = idleTimers,
}: PhoneOptions): Phone {
  const db = openTestDb(dbName);
  const engine = new SyncEngine({
    db, userId: USER_ID, getToken: () => token.value, http: createSyncHttp({ fetch: network.fetch, now: clock.now }), lock,
    now: clock.now, random: () => 0.5, isOnline: () => !network.offline, timers,
  });
  return { db, engine, ctx: { db, userId: USER_ID, now: clock.now }, token, clock };
}

/** A server with classes 10 and 11 and `students` students on each register (marks pending, version 1). */
export function seededNetwork(students = 3): FakeNetwork {
  const network = new FakeNetwork();
  for (const classId of [10, 11]) {
    network.server.addClass(makeClass({ classId }));
    for (let studentId = 1; studentId <= students; studentId++) network.server.addLine(makeLine(classId, studentId));
  }
  for (let studentId = 1; studentId <= students; studentId++) network.server.students.set(studentId, makeStudent(studentId, `First${studentId}`, `Last${studentId}`));
  return network;
}

/** Lets queued promise callbacks (and fake-indexeddb's work) run. */
export const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await settle(2);
  }
}
