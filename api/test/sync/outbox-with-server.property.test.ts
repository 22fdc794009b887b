/// <reference lib="dom" />
// The PWA's offline modules expect a browser: IndexedDB (fake-indexeddb) and localStorage (below).
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RollbookDb } from '../../../pwa/src/offline/db';
import type { ChangeContext } from '../../../pwa/src/offline/local-changes';
import type { SyncEngine } from '../../../pwa/src/offline/sync-engine';
import { londonDate } from '../../src/lib/london-time.js';
import { createStudent } from '../helpers/factories.js';
import { enrol, hoursFromNow, newClasses, newCourse, newTeacher } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The phone's real outbox and sender (pwa/src/offline) against the real server on PostgreSQL, under
// random weather: the teacher marks, clears, reschedules and moves classes to the end; the page
// reloads (a new engine on the same IndexedDB), answers are lost after the server committed, the
// signal drops. Whatever happens, the outbox ends empty, every change is recorded once in seq
// order, and the server (and the phone) hold what the last change of each thing says.

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() { return this.items.size; }
  clear() { this.items.clear(); }
  getItem(key: string) { return this.items.get(key) ?? null; }
  key(index: number) { return [...this.items.keys()][index] ?? null; }
  removeItem(key: string) { this.items.delete(key); }
  setItem(key: string, value: string) { this.items.set(key, String(value)); }
}
(globalThis as { localStorage?: Storage }).localStorage ??= new MemoryStorage();

// Loaded after the globals above exist (the session store reads localStorage when it loads).
const { RollbookDb: PhoneDb } = await import('../../../pwa/src/offline/db');
const { queueMarkAttendance, queueClearAttendance, queueRescheduleClass, queueMoveClassToEnd, OfflineChangeError } = await import('../../../pwa/src/offline/local-changes');
const { rescheduledSlot } = await import('../../../pwa/src/offline/london-slot');
const { memoryLock } = await import('../../../pwa/src/offline/sender-lock');
const { readMeta } = await import('../../../pwa/src/offline/meta');
const { SyncEngine: Engine } = await import('../../../pwa/src/offline/sync-engine');
const { createSyncHttp } = await import('../../../pwa/src/offline/sync-http');

const ctx = useTestApp();

type Action =
  | { kind: 'mark'; cls: 0 | 1; student: 0 | 1 | 2; statusId: 2 | 5 }
  | { kind: 'clear'; cls: 0 | 1; student: 0 | 1 | 2 }
  | { kind: 'reschedule'; day: number; hour: number; minute: number; length: number }
  | { kind: 'moveToEnd' }
  | { kind: 'send' }
  | { kind: 'pull' }
  | { kind: 'signal'; online: boolean }
  | { kind: 'loseNextResponse' }
  | { kind: 'reload' }
  | { kind: 'wait'; ms: number };

const cls = fc.constantFrom(0 as const, 1 as const);
const student = fc.constantFrom(0 as const, 1 as const, 2 as const);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('mark' as const), cls, student, statusId: fc.constantFrom(2 as const, 5 as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clear' as const), cls, student }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), day: fc.integer({ min: 2, max: 6 }), hour: fc.integer({ min: 8, max: 18 }), minute: fc.integer({ min: 0, max: 11 }).map((m) => m * 5), length: fc.constantFrom(30, 45, 60, 90) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'moveToEnd' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'send' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'pull' as const }) },
  { weight: 2, arbitrary: fc.boolean().map((online) => ({ kind: 'signal' as const, online })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'loseNextResponse' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 600_000 }).map((ms) => ({ kind: 'wait' as const, ms })) },
);

/** 'd/m/yyyy HH:mm' London time, `day` days from now, as the phone's pickers send it. */
function classDateOf(a: { day: number; hour: number; minute: number }): string {
  const [y, m, d] = londonDate(hoursFromNow(24 * a.day)).split('-');
  return `${Number(d)}/${Number(m)}/${y} ${String(a.hour).padStart(2, '0')}:${String(a.minute).padStart(2, '0')}`;
}

/** The network between the phone and the real app: fetch over app.inject, which can drop answers. */
function networkTo(server: FastifyInstance) {
  const network = {
    online: true,
    /** Push answers to lose after the server has committed them. */
    lose: 0,
    fetch: (async (input, init) => {
      if (!network.online) throw new TypeError('Failed to fetch');
      const url = String(input);
      const res = await server.inject({
        method: (init?.method ?? 'GET') as 'GET' | 'POST', url, headers: Object.fromEntries(new Headers(init?.headers)),
        ...(init?.body === undefined ? {} : { payload: String(init.body) }),
      });
      if (url.startsWith('/api/sync/push') && network.lose > 0) {
        network.lose -= 1;
        throw new TypeError('Failed to fetch');
      }
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
    }) as typeof fetch,
  };
  return network;
}

/** A hand-moved device clock for the backoff, starting at the real time (madeAt stays plausible). */
function deviceClock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => { now += ms; } };
}

const idleTimers = { set: () => null, clear: () => undefined };

interface Phone { db: RollbookDb; engine: SyncEngine; ctx: ChangeContext }

async function run(actions: Action[]): Promise<void> {
  // A school of its own per run: one teacher, past classes to mark, future ones to move.
  const teacher = await newTeacher(ctx.app, ctx.db);
  const courseId = await newCourse(ctx.db);
  const [p0, p1, f1, f2, f3] = await newClasses(ctx.db, {
    courseId, teacher, starts: [hoursFromNow(-48), hoursFromNow(-24), hoursFromNow(24 * 3), hoursFromNow(24 * 10), hoursFromNow(24 * 17)],
  }) as [number, number, number, number, number];
  const studentIds = [(await createStudent(ctx.db)).studentId, (await createStudent(ctx.db)).studentId, (await createStudent(ctx.db)).studentId];
  await enrol(ctx.db, courseId, studentIds);
  const marked = [p0, p1];

  const network = networkTo(ctx.app);
  const clock = deviceClock();
  const dbName = `rollbook-property-${crypto.randomUUID()}`;
  const lock = memoryLock();
  const open = (): Phone => {
    const db = new PhoneDb(dbName);
    const engine = new Engine({
      db, userId: teacher.userId, getToken: () => teacher.token, http: createSyncHttp({ fetch: network.fetch, now: clock.now }), lock,
      now: clock.now, random: () => 0.5, isOnline: () => network.online, timers: idleTimers,
    });
    return { db, engine, ctx: { db, userId: teacher.userId, now: clock.now } };
  };
  let phone = open();
  expect(await phone.engine.pullNow()).toBe('pulled');

  // The model: the last value queued for each register line and for the rescheduled class.
  const marks = new Map<string, number>();
  let rescheduled: { startsAt: string; classLength: number } | null = null;
  let moved = false;
  let queued = 0;
  const queue = async (change: () => Promise<unknown>): Promise<boolean> => {
    try {
      await change();
      queued += 1;
      return true;
    } catch (error) {
      // Only a class that left the phone's window may be refused on the phone (moved far ahead).
      if (error instanceof OfflineChangeError) return false;
      throw error;
    }
  };

  for (const action of actions) {
    switch (action.kind) {
      case 'mark':
      case 'clear': {
        const args = { classId: marked[action.cls] as number, studentId: studentIds[action.student] as number };
        const statusId = action.kind === 'mark' ? action.statusId : 1;
        const done = await queue(() => (action.kind === 'mark' ? queueMarkAttendance(phone.ctx, { ...args, statusId }) : queueClearAttendance(phone.ctx, args)));
        if (done) marks.set(`${args.classId}:${args.studentId}`, statusId);
        break;
      }
      case 'reschedule': {
        const classDate = classDateOf(action);
        if (await queue(() => queueRescheduleClass(phone.ctx, { classId: f1, classDate, classLength: action.length }))) {
          rescheduled = { startsAt: rescheduledSlot(classDate, action.length).startsAt, classLength: action.length };
        }
        break;
      }
      case 'moveToEnd':
        if (await queue(() => queueMoveClassToEnd(phone.ctx, { classId: f2 }))) moved = true;
        break;
      case 'send':
        await phone.engine.sendNow();
        break;
      case 'pull':
        await phone.engine.pullNow();
        break;
      case 'signal':
        network.online = action.online;
        if (action.online) await phone.engine.onOnline();
        break;
      case 'loseNextResponse':
        network.lose += 1;
        break;
      case 'wait':
        clock.advance(action.ms);
        break;
      case 'reload':
        await phone.engine.stop();
        phone.db.close();
        phone = open();
        break;
    }
  }

  // The weather clears: the phone keeps trying until its queue is empty.
  network.online = true;
  network.lose = 0;
  for (let round = 0; round < 20 && (await phone.db.outbox.count()) > 0; round++) {
    clock.advance(60 * 60_000);
    await phone.engine.sendNow();
  }
  expect(await phone.engine.pullNow()).toBe('pulled');

  expect(await phone.db.outbox.toArray()).toEqual([]);
  const clientId = (await readMeta(phone.db, 'clientId')) ?? '';
  const records = await ctx.db.selectFrom('appliedMutations').select(['seq', 'outcome']).where('clientId', '=', clientId).orderBy('appliedAt').orderBy('seq').execute();
  expect(records).toEqual(Array.from({ length: queued }, (_, i) => ({ seq: i + 1, outcome: 'applied' })));

  const lines = await ctx.db.selectFrom('classAttendance').select(['classId', 'studentId', 'statusId']).where('classId', 'in', marked).execute();
  expect(lines).toHaveLength(marked.length * studentIds.length);
  for (const line of lines) expect(line).toEqual({ ...line, statusId: marks.get(`${line.classId}:${line.studentId}`) ?? 1 });
  for (const line of await phone.db.attendance.where('classId').anyOf(marked).toArray()) {
    expect([line.classId, line.studentId, line.statusId]).toEqual([line.classId, line.studentId, marks.get(`${line.classId}:${line.studentId}`) ?? 1]);
  }

  const classes = await ctx.db.selectFrom('classes').select(['classId', 'startsAt', 'classLength']).where('courseId', '=', courseId).orderBy('startsAt').execute();
  const f1Row = classes.find((c) => c.classId === f1);
  if (rescheduled) {
    expect({ startsAt: f1Row?.startsAt.toISOString(), classLength: f1Row?.classLength }).toEqual(rescheduled);
    expect(await phone.db.classes.get(f1)).toMatchObject(rescheduled);
  }
  // A class moved to the end is the course's last; otherwise the order is as it was made.
  expect(classes.map((c) => c.classId)).toEqual(moved ? [p0, p1, f1, f3, f2] : [p0, p1, f1, f2, f3]);

  await phone.engine.stop();
  phone.db.close();
}

describe('the PWA outbox and the real server together', () => {
  it('apply every change exactly once, in order, and end equal to the model, whatever reloads, lost answers and offline spells happen', async () => {
    await fc.assert(fc.asyncProperty(fc.array(actionArb, { minLength: 10, maxLength: 40, size: 'max' }), run), { numRuns: 25 });
  }, 240_000);
});
