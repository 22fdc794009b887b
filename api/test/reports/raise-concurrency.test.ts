import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTransactionRetries } from '../../src/lib/transaction.js';
import { isRetryableSettlement } from '../../src/modules/reports/settlement.service.js';
import { createClass, createCourseFixture, type CourseFixture } from '../helpers/payment-factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Two admins (or one double click) raising over the same classes at once: each class must be paid
// exactly once, and every report's total must be the sum of its own lines. Needs real PostgreSQL
// connections running side by side.

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).token;
});

beforeEach(async () => {
  await sql`drop trigger if exists slow_payment_lines on payment_lines`.execute(ctx.db);
  await sql`update classes set status_id = 4, payment_header_id = null`.execute(ctx.db);
  await sql`delete from payment_lines`.execute(ctx.db);
  await sql`delete from payment_headers`.execute(ctx.db);
});

const raise = (teacherIds: number[], periodEnd: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/reports/RaisePaymentReport?teacherIds=${teacherIds.join(',')}&periodEndDate=${periodEnd}`, headers: { authorization: `Bearer ${token}` } });

/** Three teachers with marked classes in October and November 2026 at awkward lengths and rates. */
async function markedClasses(): Promise<{ teachers: CourseFixture[]; classIds: number[] }> {
  const teachers = [
    await createCourseFixture(ctx.db, { ratePence: 1735 }),
    await createCourseFixture(ctx.db, { ratePence: 2199 }),
    await createCourseFixture(ctx.db, { ratePence: 1001 }),
  ];
  const classIds: number[] = [];
  for (const [t, f] of teachers.entries()) {
    for (let day = 1; day <= 10; day++) {
      const month = day <= 6 ? '10' : '11';
      classIds.push(await createClass(ctx.db, f, { startsAt: `2026-${month}-${String(day + 2).padStart(2, '0')}T0${t + 7}:00:00Z`, classLength: [50, 1, 55, 20, 45][day % 5] as number }));
    }
  }
  return { teachers, classIds };
}

async function expectedPence(classIds: number[]): Promise<number> {
  const { rows } = await sql<{ pence: string }>`
    select coalesce(sum(round(c.class_length * tr.rate_pence / 60.0)), 0) as pence
    from classes c join teacher_rates tr on tr.teacher_rate_id = c.teacher_rate_id where c.class_id = any(${classIds}::int[])`.execute(ctx.db);
  return Number(rows[0]?.pence);
}

/** Every class paid exactly once, in the report its line is in, and every header = the sum of its lines. */
async function expectPaidExactlyOnce(classIds: number[]) {
  const { rows: wrong } = await sql`
    select c.class_id, c.status_id, c.payment_header_id, count(l.payment_line_id) as lines
    from classes c left join payment_lines l on l.class_id = c.class_id
    where c.class_id = any(${classIds}::int[])
    group by c.class_id
    having c.status_id <> 6 or count(l.payment_line_id) <> 1 or bool_or(l.payment_header_id is distinct from c.payment_header_id)`.execute(ctx.db);
  expect(wrong).toEqual([]);
  const { rows: unbalanced } = await sql`
    select h.payment_header_id from payment_headers h left join payment_lines l on l.payment_header_id = h.payment_header_id
    group by h.payment_header_id having h.amount_total_pence <> coalesce(sum(l.amount_pence), 0) or count(l.payment_line_id) = 0`.execute(ctx.db);
  expect(unbalanced).toEqual([]);
  const { rows } = await sql<{ paid: string }>`select coalesce(sum(amount_total_pence), 0) as paid from payment_headers`.execute(ctx.db);
  return Number(rows[0]?.paid);
}

describe('raising concurrently', () => {
  it('eight identical raises at once (a double click, a retry, two admins): one report, each class paid once', async () => {
    const { teachers, classIds } = await markedClasses();
    const ids = teachers.map((t) => t.teacherId);
    for (let round = 0; round < 4; round++) {
      const expected = await expectedPence(classIds);
      const answers = await Promise.all(Array.from({ length: 8 }, () => raise(ids, '30/11/2026')));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json()).toMatchObject({ code: 'NO_CLASSES_TO_PROCESS' });
      expect(await expectPaidExactlyOnce(classIds)).toBe(expected);
      expect(await ctx.db.selectFrom('paymentHeaders').select('paymentHeaderId').execute()).toHaveLength(1);
      // Delete and go again, so the race is run more than once.
      const header = answers.find((a) => a.statusCode === 200)?.json() as { paymentHeader: { paymentHeaderId: number } };
      const del = await ctx.app.inject({ method: 'GET', url: `/api/reports/DeletePayments?paymentHeaderId=${header.paymentHeader.paymentHeaderId}`, headers: { authorization: `Bearer ${token}` } });
      expect(del.statusCode).toBe(200);
    }
  });

  it('overlapping raises for different teachers and months split the classes between them, never paying one twice', async () => {
    const { teachers, classIds } = await markedClasses();
    const [a, b, c] = teachers.map((t) => t.teacherId) as [number, number, number];
    const expected = await expectedPence(classIds);
    const answers = await Promise.all([
      raise([a, b], '31/10/2026'), raise([b, c], '30/11/2026'), raise([a, c], '30/11/2026'), raise([a, b, c], '30/11/2026'), raise([c], '31/10/2026'),
    ]);
    expect(answers.every((x) => x.statusCode === 200 || (x.statusCode === 400 && x.json().code === 'NO_CLASSES_TO_PROCESS'))).toBe(true);
    expect(await expectPaidExactlyOnce(classIds)).toBe(expected);
    // Each successful answer is exactly what its report holds.
    for (const answer of answers.filter((x) => x.statusCode === 200)) {
      const body = answer.json() as { grandTotalPence: number; classCount: number; paymentHeader: { paymentHeaderId: number } };
      const lines = await ctx.db.selectFrom('paymentLines').select((eb) => [eb.fn.sum<string>('amountPence').as('p'), eb.fn.countAll<string>().as('n')])
        .where('paymentHeaderId', '=', body.paymentHeader.paymentHeaderId).executeTakeFirstOrThrow();
      expect([Number(lines.p), Number(lines.n)]).toEqual([body.grandTotalPence, body.classCount]);
    }
  });

  it('a raise that arrives while another holds the classes waits for it, then skips what it paid', async () => {
    const { teachers, classIds } = await markedClasses();
    const ids = teachers.map((t) => t.teacherId);
    // Slow the first raise down after it has locked its classes, so the second surely runs into the locks.
    // Different months: the revision lock does not serialise them, only the row locks do.
    await sql`create or replace function slow_down() returns trigger language plpgsql as $$ begin perform pg_sleep(0.4); return null; end $$`.execute(ctx.db);
    await sql`create trigger slow_payment_lines after insert on payment_lines for each statement execute function slow_down()`.execute(ctx.db);
    const first = raise(ids, '31/10/2026');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const started = Date.now();
    const second = await raise(ids, '30/11/2026');
    const waited = Date.now() - started;
    const firstAnswer = await first;

    expect([firstAnswer.statusCode, second.statusCode]).toEqual([200, 200]);
    const october = firstAnswer.json() as { classCount: number };
    const november = second.json() as { classCount: number };
    expect(october.classCount).toBe(18);
    expect(november.classCount).toBe(12);
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(await expectPaidExactlyOnce(classIds)).toBe(await expectedPence(classIds));
  });

  it('the database refuses a second line for a paid class whatever the code does', async () => {
    const f = await createCourseFixture(ctx.db);
    const classId = await createClass(ctx.db, f, { startsAt: '2026-10-05T08:00:00Z' });
    const res = await raise([f.teacherId], '31/10/2026');
    const id = (res.json() as { paymentHeader: { paymentHeaderId: number } }).paymentHeader.paymentHeaderId;
    const line = await ctx.db.selectFrom('paymentLines').selectAll().where('classId', '=', classId).executeTakeFirstOrThrow();
    const { paymentLineId: _, ...copy } = line;
    await expect(ctx.db.insertInto('paymentLines').values({ ...copy, paymentHeaderId: id }).execute()).rejects.toMatchObject({ code: '23505' });
    // And a class cannot be Paid outside a report, nor in one without being Paid.
    await expect(ctx.db.updateTable('classes').set({ paymentHeaderId: null }).where('classId', '=', classId).execute()).rejects.toMatchObject({ code: '23514' });
  });
});

describe('transaction retries', () => {
  it('runs the work again after a serialization failure or deadlock, and gives up on other errors', async () => {
    let calls = 0;
    const result = await withTransactionRetries(ctx.db, async () => {
      calls++;
      if (calls < 3) throw Object.assign(new Error(calls === 1 ? 'serialization' : 'deadlock'), { code: calls === 1 ? '40001' : '40P01' });
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 3]);

    let failing = 0;
    await expect(withTransactionRetries(ctx.db, async () => {
      failing++;
      throw Object.assign(new Error('check'), { code: '23514' });
    })).rejects.toThrow('check');
    expect(failing).toBe(1);
    expect(isRetryableSettlement({ code: '23505', constraint: 'payment_headers_month_revision_key' })).toBe(true);
    expect(isRetryableSettlement({ code: '23505', constraint: 'payment_lines_class_id_key' })).toBe(false);
  });
});
