import { randomUUID } from 'node:crypto';
import type { MutationEnvelope, PushRequest, PushResponse } from '@rollbook/shared-types/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// The template database the api project's global setup provides (its ProvidedContext).
import type {} from '../../api/test/helpers/global-setup.js';
import { createPostgresDb, type DbHandle } from '../../api/src/db/create-db.js';
import { demoSchool, demoUsers } from '../../api/test/helpers/demo-school.js';
import { adminClient, databaseUrl } from '../../api/test/helpers/pg-admin.js';
import { buildTestApp } from '../../api/test/helpers/test-app.js';
import { idealPush } from '../src/api/ideal/sync-push.js';
import { markableLines, type RegisterLine } from '../src/api/push-lines.js';

// What keeps the push's ideal honest: the same pushes go through the API on one database and
// through the ideal on a second, identical one (both copies of one seeded school); the answers
// and every row they leave must be the same, but for what must differ between two databases
// written at two moments (record and audit ids, the server's clock).

const postgres = inject('postgres');

describe.runIf(postgres !== null)('the ideal push of marks leaves what the API leaves', () => {
  const names = { source: '', api: '', ideal: '' };
  let handle: DbHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const urls = { api: '', ideal: '' };
  const pools: Record<'api' | 'ideal', pg.Pool> = {} as never;
  let teacher: { userId: number; teacherId: number; token: string };
  let otherTeachersLine: RegisterLine;
  let notStartedLine: RegisterLine;
  let lines: RegisterLine[];
  const auditFrom: Record<'api' | 'ideal', number> = { api: 0, ideal: 0 };

  beforeAll(async () => {
    const { adminUrl, template } = postgres as NonNullable<typeof postgres>;
    const suffix = randomUUID().slice(0, 8);
    Object.assign(names, { source: `rollbook_push_src_${suffix}`, api: `rollbook_push_api_${suffix}`, ideal: `rollbook_push_ideal_${suffix}` });
    const admin = await adminClient(adminUrl);
    try {
      await admin.query(`create database ${names.source} template ${template}`);
      const seeding = createPostgresDb(databaseUrl(adminUrl, names.source), 2);
      await demoSchool(seeding.db);
      await seeding.close();
      await admin.query(`create database ${names.api} template ${names.source}`);
      await admin.query(`create database ${names.ideal} template ${names.source}`);
    } finally {
      await admin.end();
    }
    urls.api = databaseUrl(adminUrl, names.api);
    urls.ideal = databaseUrl(adminUrl, names.ideal);
    handle = createPostgresDb(urls.api, 5);
    app = await buildTestApp(handle.db);
    pools.api = new pg.Pool({ connectionString: urls.api, max: 2 });
    pools.ideal = new pg.Pool({ connectionString: urls.ideal, max: 2 });
    const { teacher: user } = await demoUsers(app, handle.db, ['teacher']);
    teacher = { userId: user.userId, teacherId: user.entityId ?? 0, token: user.token };
    lines = await markableLines(urls.ideal, teacher.teacherId, 60);
    const one = async (text: string, values: unknown[]) => {
      const { rows: [row] } = await pools.ideal.query<{ class_id: number; student_id: number }>(text, values);
      if (!row) throw new Error(`no line for: ${text}`);
      return { classId: row.class_id, studentId: row.student_id };
    };
    otherTeachersLine = await one(`select a.class_id, a.student_id from class_attendance a join classes c using (class_id)
      where c.teacher_id <> $1 and c.starts_at < now() and a.status_id <> 0 order by a.class_id, a.student_id limit 1`, [teacher.teacherId]);
    notStartedLine = await one(`select a.class_id, a.student_id from class_attendance a join classes c using (class_id)
      where c.teacher_id = $1 and c.starts_at > now() and a.status_id <> 0 order by c.starts_at, a.class_id, a.student_id limit 1`, [teacher.teacherId]);
    // The app's start (its daily purges) may have written audit entries of its own: only later ones count.
    for (const side of ['api', 'ideal'] as const) {
      const { rows: [row] } = await pools[side].query<{ max: string | null }>('select max(audit_entry_id) as max from audit_entries');
      auditFrom[side] = Number(row?.max ?? 0);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await pools.api?.end();
    await pools.ideal?.end();
    const admin = await adminClient((postgres as NonNullable<typeof postgres>).adminUrl);
    for (const name of Object.values(names)) if (name) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** The line's status and version now (the same on both sides until a push differs). */
  async function lineState(line: RegisterLine): Promise<{ statusId: number; version: number }> {
    const { rows: [row] } = await pools.ideal.query<{ status_id: number; version: number }>(
      'select status_id, version from class_attendance where class_id = $1 and student_id = $2', [line.classId, line.studentId]);
    if (!row) throw new Error('line missing');
    return { statusId: row.status_id, version: row.version };
  }

  let minute = 0;
  const mark = (seq: number, line: RegisterLine, statusId: number, baseVersion: number): MutationEnvelope => ({
    mutationId: randomUUID(), seq, name: 'markAttendance', args: { ...line, statusId }, baseVersion,
    madeAt: new Date(Date.UTC(2026, 10, 25, 9, minute++)).toISOString(),
  });

  /** The same push through both; answers the API's answer after checking the ideal's is the same. */
  async function pushBoth(req: PushRequest): Promise<PushResponse> {
    const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { authorization: `Bearer ${teacher.token}` }, payload: req });
    expect(res.statusCode).toBe(200);
    const fromApi = JSON.parse(res.body) as PushResponse;
    const ideal = JSON.parse(await idealPush(pools.ideal, { userId: teacher.userId, teacherId: teacher.teacherId, isAdmin: false }, req)) as PushResponse;
    expect(ideal).toEqual(fromApi);
    return fromApi;
  }

  /** Every row a push may write, in a stable order, without what must differ between the two databases. */
  async function rowsOf(side: 'api' | 'ideal') {
    const q = async (text: string, values: unknown[] = []) => (await pools[side].query(text, values)).rows;
    // A mark's time is the server's clock: whether it is set is the same, not when.
    const masked = `(changes #- '{old,marked_at}' #- '{new,marked_at}')
      || jsonb_build_object('marked_at', jsonb_build_array(changes -> 'old' ? 'marked_at', changes -> 'new' ? 'marked_at'))`;
    return {
      lines: await q(`select class_id, student_id, status_id, version, is_override, marked_by, marked_at is not null as marked
        from class_attendance order by class_id, student_id`),
      classes: await q('select class_id, status_id, version, schedule_version from classes order by class_id'),
      records: await q(`select mutation_id, client_id, user_id, seq, name, request_hash, outcome, result, made_at, target, version_before, version_after
        from applied_mutations order by client_id, seq`),
      clients: await q('select client_id, user_id, last_seq from sync_clients order by client_id'),
      audit: await q(`select actor_user_id, source, table_name, record_id, action, ${masked} as changes, occurred_at
        from audit_entries where audit_entry_id > $1 order by table_name, record_id, occurred_at, changes::text`, [auditFrom[side]]),
      dayTotals: await q('select * from class_day_totals order by day'),
      rates: await q('select * from student_course_attendance order by course_id, student_id'),
    };
  }

  it('answers and leaves the same rows over a run of pushes: writes, no-op marks, conflicts and refusals', async () => {
    expect(lines.length).toBeGreaterThanOrEqual(20);
    const phone = randomUUID();
    const other = randomUUID();
    let seq = 0;
    // A phone's first push: every line flipped between attended and absent, from its version.
    const first: MutationEnvelope[] = [];
    for (const line of lines.slice(0, 50)) {
      const now = await lineState(line);
      first.push(mark(++seq, line, now.statusId === 2 ? 5 : 2, now.version));
    }
    const firstAnswer = await pushBoth({ clientId: phone, mutations: first });
    expect(firstAnswer.results.every((r) => r.status === 'applied')).toBe(true);
    expect(firstAnswer.lastSeq).toBe(seq);

    // Another phone of the same teacher changes two lines the first phone then pushes stale marks on.
    const [a, b, c, d] = lines as [RegisterLine, RegisterLine, RegisterLine, RegisterLine, ...RegisterLine[]];
    const aNow = await lineState(a);
    const bNow = await lineState(b);
    await pushBoth({ clientId: other, mutations: [mark(1, a, 1, aNow.version), mark(2, b, 1, bNow.version)] });

    const second = [
      mark(++seq, a, 2, aNow.version), // stale, another status: a conflict with the server's line
      mark(++seq, b, 1, bNow.version), // stale, but the line already has it: applied at its version
      mark(++seq, c, (await lineState(c)).statusId, (await lineState(c)).version), // its own status: applied, no write
      mark(++seq, d, 1, (await lineState(d)).version), // back to pending: its class is no longer all marked
      mark(++seq, otherTeachersLine, 2, 1), // not this teacher's class
      mark(++seq, notStartedLine, 2, 1), // a class that has not started
      mark(++seq, { classId: a.classId, studentId: 999_999 }, 2, 1), // not on the register
    ];
    const secondAnswer = await pushBoth({ clientId: phone, mutations: second });
    expect(secondAnswer.results.map((r) => r.status)).toEqual(['conflict', 'applied', 'applied', 'applied', 'rejected', 'rejected', 'rejected']);

    // The rest flipped back, from the versions the first answer gave.
    const versions = new Map(first.map((m, i) => [m.args, firstAnswer.results[i]?.version ?? 0]));
    const third = first.slice(4).map((m) => {
      const args = m.args as RegisterLine & { statusId: number };
      return mark(++seq, { classId: args.classId, studentId: args.studentId }, args.statusId === 2 ? 5 : 2, versions.get(m.args) ?? 0);
    });
    const thirdAnswer = await pushBoth({ clientId: phone, mutations: third });
    expect(thirdAnswer.results.every((r) => r.status === 'applied')).toBe(true);

    const [fromApi, ideal] = [await rowsOf('api'), await rowsOf('ideal')];
    expect(fromApi.audit.length).toBeGreaterThan(0);
    expect(fromApi.audit.some((e) => e.table_name === 'classes')).toBe(true);
    expect(fromApi.records).toHaveLength(seq + 2);
    for (const key of Object.keys(fromApi) as (keyof typeof fromApi)[]) expect({ [key]: ideal[key] }).toEqual({ [key]: fromApi[key] });
  });
});
