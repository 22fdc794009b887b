import type { PaymentHeaderList, PaymentReport, PaymentYears } from '@rollbook/shared-types/reports';
import { minutesToHours } from '@rollbook/shared-types/money';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTeacher, createUser, tokenFor } from '../helpers/factories.js';
import { createClass, createCourseFixture, insertReport } from '../helpers/payment-factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { createRate } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).token;
});

// Each test works on its own teachers, but settled classes from one must not leak into another's sums.
beforeEach(async () => {
  await sql`update classes set status_id = 4, payment_header_id = null`.execute(ctx.db);
  await sql`delete from payment_lines`.execute(ctx.db);
  await sql`delete from payment_headers`.execute(ctx.db);
});

async function teacherToken(teacherId: number): Promise<string> {
  const user = await createUser(ctx.db, { roles: [{ name: 'Teacher', entityId: teacherId }] });
  return tokenFor(ctx.app, user.userId, 'Teacher', teacherId);
}

async function get<T>(url: string, token = adminToken): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

/** What the report must pay, computed from the classes and their rates by PostgreSQL alone. */
async function expectedPenceInSql(teacherIds: number[], periodEndDate: string): Promise<{ pence: number; classes: number }> {
  const { rows } = await sql<{ pence: string | null; classes: string }>`
    select sum(round(c.class_length * tr.rate_pence / 60.0)) as pence, count(*) as classes
    from classes c join teacher_rates tr on tr.teacher_rate_id = c.teacher_rate_id
    where c.status_id = 3 and c.payment_header_id is null
      and c.teacher_id = any(${teacherIds}::int[])
      and (c.starts_at at time zone 'Europe/London')::date <= ${periodEndDate}::date`.execute(ctx.db);
  return { pence: Number(rows[0]?.pence ?? 0), classes: Number(rows[0]?.classes ?? 0) };
}

async function headerAndLineTotals(paymentHeaderId: number) {
  const { rows } = await sql<{ header: string; lines: string; count: string }>`
    select h.amount_total_pence as header, coalesce(sum(l.amount_pence), 0) as lines, count(l.payment_line_id) as count
    from payment_headers h left join payment_lines l on l.payment_header_id = h.payment_header_id
    where h.payment_header_id = ${paymentHeaderId} group by h.amount_total_pence`.execute(ctx.db);
  const row = rows[0];
  return row ? { header: Number(row.header), lines: Number(row.lines), count: Number(row.count) } : null;
}

async function statuses(classIds: number[]) {
  const rows = await ctx.db.selectFrom('classes').select(['classId', 'statusId', 'paymentHeaderId']).where('classId', 'in', classIds).orderBy('classId').execute();
  return rows.map((r) => [r.statusId, r.paymentHeaderId]);
}

describe('classes to process', () => {
  it('lists marked classes in no report, up to the period end by London date, for the chosen teachers', async () => {
    const f = await createCourseFixture(ctx.db, { ratePence: 1735 });
    const other = await createCourseFixture(ctx.db, { ratePence: 1735 });
    // 23:30 on 30 June in London (BST) is 22:30 UTC: in June. 00:30 on 1 July in London is still 30 June in UTC: not in June.
    const lateJune = await createClass(ctx.db, f, { startsAt: '2026-06-30T22:30:00Z', classLength: 50 });
    await createClass(ctx.db, f, { startsAt: '2026-06-30T23:30:00Z', classLength: 50 });
    await createClass(ctx.db, f, { startsAt: '2026-06-10T09:00:00Z', statusId: 1 });
    const paid = await createClass(ctx.db, f, { startsAt: '2026-06-11T09:00:00Z' });
    await insertReport(ctx.db, [paid], { periodEndDate: '2026-06-30' });
    await createClass(ctx.db, other, { startsAt: '2026-06-12T09:00:00Z' });

    const { status, body } = await get<PaymentReport>(`/api/reports/GetTeacherPaymentReportAuto?teacherIds=${f.teacherId}&periodEndDate=30/6/2026`);
    expect(status).toBe(200);
    expect(body.paymentHeader).toBeNull();
    expect(body.periodEndDateString).toBe('30/06/2026');
    expect(body.teachers.map((t) => t.teacher.teacherId)).toEqual([f.teacherId]);
    expect(body.teachers[0]?.paymentItems.map((i) => [i.classId, i.classSeperateDateString, i.classSeperateTimeString])).toEqual([
      [lateJune, '30/06/2026', '23:30'],
    ]);
  });

  it('prices each class from its length and rate, and totals courses and teachers from the rounded lines', async () => {
    const teacher = await createTeacher(ctx.db, { firstName: 'Ada', lastName: 'Zed' });
    const alpha = await createCourseFixture(ctx.db, { teacherId: teacher.teacherId, ratePence: 1735, title: 'Alpha', description: 'Morning' });
    const beta = await createCourseFixture(ctx.db, { teacherId: teacher.teacherId, ratePence: 2000, title: 'Beta' });
    const otherRate = await createRate(ctx.db, teacher.teacherId, 1001);
    await createClass(ctx.db, alpha, { startsAt: '2026-05-04T08:00:00Z', classLength: 50 }); // 1445.83 → 1446
    await createClass(ctx.db, alpha, { startsAt: '2026-05-05T08:00:00Z', classLength: 1 }); // 28.92 → 29
    await createClass(ctx.db, alpha, { startsAt: '2026-05-06T08:00:00Z', classLength: 20, teacherRateId: otherRate }); // 333.67 → 334
    await createClass(ctx.db, beta, { startsAt: '2026-05-07T08:00:00Z', classLength: 45 }); // 1500

    const { body } = await get<PaymentReport>(`/api/reports/GetTeacherPaymentReportAuto?teacherIds=${teacher.teacherId}&periodEndDate=2026-05-31`);
    const [t] = body.teachers;
    expect(t?.paymentItems.map((i) => [i.title, i.classLength, i.ratePerHour, i.ratePerHourPence, i.classPaymentPence, i.classPaymentTotal, i.newRecord])).toEqual([
      ['Alpha', 50, 17.35, 1735, 1446, 14.46, true],
      ['Alpha', 1, 17.35, 1735, 29, 0.29, false],
      ['Alpha', 20, 10.01, 1001, 334, 3.34, false],
      ['Beta', 45, 20, 2000, 1500, 15, true],
    ]);
    expect(t?.paymentItems[0]).toMatchObject({ description: 'Morning', classSeperateDateString: '04/05/2026', classSeperateTimeString: '09:00' });
    expect(t?.paymentItems.map((i) => i.coursePaymentPence)).toEqual([1809, 1809, 1809, 1500]);
    expect(t?.courses.map((c) => [c.title, c.classCount, c.totalMinutes, c.coursePaymentPence, c.coursePaymentTotal])).toEqual([
      ['Alpha', 3, 71, 1809, 18.09], ['Beta', 1, 45, 1500, 15],
    ]);
    expect(t).toMatchObject({ paymentTotalPence: 3309, paymentTotal: 33.09, totalMinutes: 116, totalTimeHours: minutesToHours(116) });
    expect(t?.totalTimeHours).toBe(1.93);
    expect(body).toMatchObject({ grandTotalPence: 3309, classCount: 4 });
    expect(body.grandTotalPence).toBe((await expectedPenceInSql([teacher.teacherId], '2026-05-31')).pence);
  });

  it('refuses a period end that is not a real date', async () => {
    const res = await get<{ code: string }>('/api/reports/GetTeacherPaymentReportAuto?periodEndDate=31/2/2026');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
  });
});

describe('raising a settlement report', () => {
  it('pays every class once: header total = sum of its lines = the sum computed from classes and rates', async () => {
    const a = await createCourseFixture(ctx.db, { ratePence: 1735 });
    const b = await createCourseFixture(ctx.db, { ratePence: 2199 });
    const classIds = [
      await createClass(ctx.db, a, { startsAt: '2026-07-01T08:00:00Z', classLength: 50 }),
      await createClass(ctx.db, a, { startsAt: '2026-07-02T08:00:00Z', classLength: 1 }),
      await createClass(ctx.db, a, { startsAt: '2026-07-03T08:00:00Z', classLength: 55 }),
      await createClass(ctx.db, b, { startsAt: '2026-07-04T08:00:00Z', classLength: 55 }),
      await createClass(ctx.db, b, { startsAt: '2026-07-31T22:59:00Z', classLength: 7 }),
    ];
    const later = await createClass(ctx.db, b, { startsAt: '2026-07-31T23:00:00Z', classLength: 60 }); // 1 August in London
    const expected = await expectedPenceInSql([a.teacherId, b.teacherId], '2026-07-31');
    expect(expected.classes).toBe(5);

    const { status, body } = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${a.teacherId},${b.teacherId}&periodEndDate=31/7/2026&dateToShow=1/7/2026`);
    expect(status).toBe(200);
    const header = body.paymentHeader;
    expect(header).toMatchObject({ title: 'Settlement report July 2026', month: 7, year: 2026, monthYear: 'July 2026', revision: 1, periodEndDate: '2026-07-31',
      periodEndDateString: '31/07/2026', amountTotalPence: expected.pence, classCount: 5, teacherCount: 2, createdBy: expect.any(String) });
    expect(body.grandTotalPence).toBe(expected.pence);
    expect(header?.payment).toMatch(/^£\d/);

    const id = header?.paymentHeaderId as number;
    expect(await headerAndLineTotals(id)).toEqual({ header: expected.pence, lines: expected.pence, count: 5 });
    // Every line is its own class's length × rate, copied at raise time.
    const { rows: mismatched } = await sql`
      select l.class_id from payment_lines l join classes c on c.class_id = l.class_id join teacher_rates tr on tr.teacher_rate_id = c.teacher_rate_id
      where l.payment_header_id = ${id} and (l.amount_pence <> round(c.class_length * tr.rate_pence / 60.0) or l.rate_pence <> tr.rate_pence
        or l.class_length <> c.class_length or l.class_starts_at <> c.starts_at or l.teacher_id <> c.teacher_id)`.execute(ctx.db);
    expect(mismatched).toEqual([]);
    expect(await statuses(classIds)).toEqual(classIds.map(() => [6, id]));
    expect(await statuses([later])).toEqual([[3, null]]);
  });

  it('answers a second raise over the same classes with 400 and pays nothing twice', async () => {
    const f = await createCourseFixture(ctx.db);
    await createClass(ctx.db, f, { startsAt: '2026-08-03T08:00:00Z' });
    const url = `/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=31/8/2026`;
    expect((await get(url)).status).toBe(200);
    const second = await get<{ message: string; code: string }>(url);
    expect(second).toMatchObject({ status: 400, body: { code: 'NO_CLASSES_TO_PROCESS', message: 'There are no classes to process for this period' } });
    expect(await ctx.db.selectFrom('paymentHeaders').select('paymentHeaderId').execute()).toHaveLength(1);
  });

  it("numbers a month's later reports as revisions", async () => {
    const f = await createCourseFixture(ctx.db);
    const g = await createCourseFixture(ctx.db);
    await createClass(ctx.db, f, { startsAt: '2026-09-03T08:00:00Z' });
    await createClass(ctx.db, g, { startsAt: '2026-09-04T08:00:00Z' });
    const first = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=30/9/2026`);
    const second = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${g.teacherId}&periodEndDate=15/9/2026`);
    expect(first.body.paymentHeader).toMatchObject({ revision: 1, title: 'Settlement report September 2026' });
    expect(second.body.paymentHeader).toMatchObject({ revision: 2, title: 'Settlement report September 2026 (revision 2)', periodEndDate: '2026-09-15' });
  });

  it("keeps a raised report's figures when the class's rate changes later", async () => {
    const f = await createCourseFixture(ctx.db, { ratePence: 1735 });
    await createClass(ctx.db, f, { startsAt: '2026-10-05T08:00:00Z', classLength: 50 });
    const raised = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=31/10/2026`);
    await ctx.db.updateTable('teacherRates').set({ ratePence: 9999 }).where('teacherRateId', '=', f.teacherRateId).execute();
    const again = await get<PaymentReport>(`/api/reports/GetRaisedPaymentReport?paymentHeaderId=${raised.body.paymentHeader?.paymentHeaderId}`);
    expect(again.body.grandTotalPence).toBe(1446);
    expect(again.body.teachers[0]?.paymentItems[0]).toMatchObject({ ratePerHourPence: 1735, classPaymentPence: 1446 });
    expect(again.body).toEqual(raised.body);
  });

  it('refuses a raise without teachers or with a bad period end', async () => {
    expect((await get('/api/reports/RaisePaymentReport?periodEndDate=31/10/2026')).status).toBe(400);
    expect((await get('/api/reports/RaisePaymentReport?teacherIds=1&periodEndDate=32/10/2026')).status).toBe(400);
    expect((await get('/api/reports/RaisePaymentReport?teacherIds=abc&periodEndDate=31/10/2026')).status).toBe(400);
  });

  it('accepts teacherIds repeated as well as comma separated', async () => {
    const f = await createCourseFixture(ctx.db);
    const g = await createCourseFixture(ctx.db);
    await createClass(ctx.db, f, { startsAt: '2026-04-03T08:00:00Z' });
    await createClass(ctx.db, g, { startsAt: '2026-04-04T08:00:00Z' });
    const res = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&teacherIds=${g.teacherId}&periodEndDate=30/4/2026`);
    expect(res.body.teachers).toHaveLength(2);
  });
});

describe('deleting a settlement report', () => {
  it('removes the report, returns its classes to Marked, and they can be raised again', async () => {
    const f = await createCourseFixture(ctx.db);
    const classIds = [await createClass(ctx.db, f, { startsAt: '2026-02-02T08:00:00Z' }), await createClass(ctx.db, f, { startsAt: '2026-02-03T08:00:00Z' })];
    const url = `/api/reports/RaisePaymentReport?teacherIds=${f.teacherId}&periodEndDate=28/2/2026`;
    const raised = await get<PaymentReport>(url);
    const id = raised.body.paymentHeader?.paymentHeaderId as number;

    const deleted = await get(`/api/reports/DeletePayments?paymentHeaderId=${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { paymentHeaderId: id, headerDeleted: true, classIds, amountTotalPence: 0 } });
    expect(await statuses(classIds)).toEqual([[3, null], [3, null]]);
    expect(await headerAndLineTotals(id)).toBeNull();
    expect(await ctx.db.selectFrom('paymentLines').select('classId').where('classId', 'in', classIds).execute()).toEqual([]);

    const again = await get<PaymentReport>(url);
    expect(again.status).toBe(200);
    expect(again.body.grandTotalPence).toBe(raised.body.grandTotalPence);
    expect((await get(`/api/reports/DeletePayments?paymentHeaderId=${id}`)).status).toBe(404);
  });

  it("with teacherId removes only that teacher's part and recomputes the report's total", async () => {
    const f = await createCourseFixture(ctx.db, { ratePence: 1735 });
    const g = await createCourseFixture(ctx.db, { ratePence: 2000 });
    const fClass = await createClass(ctx.db, f, { startsAt: '2026-03-02T08:00:00Z', classLength: 50 });
    const gClass = await createClass(ctx.db, g, { startsAt: '2026-03-03T08:00:00Z', classLength: 45 });
    const raised = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId},${g.teacherId}&periodEndDate=31/3/2026`);
    const id = raised.body.paymentHeader?.paymentHeaderId as number;
    expect(raised.body.grandTotalPence).toBe(1446 + 1500);

    const res = await get(`/api/reports/DeletePayments?paymentHeaderId=${id}&teacherId=${f.teacherId}`);
    expect(res.body).toEqual({ paymentHeaderId: id, headerDeleted: false, classIds: [fClass], amountTotalPence: 1500 });
    expect(await headerAndLineTotals(id)).toEqual({ header: 1500, lines: 1500, count: 1 });
    expect(await statuses([fClass, gClass])).toEqual([[3, null], [6, id]]);
    expect((await get(`/api/reports/DeletePayments?paymentHeaderId=${id}&teacherId=${f.teacherId}`)).status).toBe(404);

    // The last teacher's part takes the report with it.
    const last = await get(`/api/reports/DeletePayments?paymentHeaderId=${id}&teacherId=${g.teacherId}`);
    expect(last.body).toMatchObject({ headerDeleted: true, amountTotalPence: 0 });
    expect(await headerAndLineTotals(id)).toBeNull();
  });
});

describe('report lists and a teacher’s view', () => {
  it('a teacher sees only their own part of a report, and 404 for a report without them', async () => {
    const f = await createCourseFixture(ctx.db, { ratePence: 1735 });
    const g = await createCourseFixture(ctx.db, { ratePence: 2000 });
    const h = await createCourseFixture(ctx.db);
    await createClass(ctx.db, f, { startsAt: '2026-01-12T08:00:00Z', classLength: 50 });
    await createClass(ctx.db, g, { startsAt: '2026-01-13T08:00:00Z', classLength: 45 });
    const raised = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${f.teacherId},${g.teacherId}&periodEndDate=31/1/2026`);
    const id = raised.body.paymentHeader?.paymentHeaderId as number;
    const fToken = await teacherToken(f.teacherId);

    const own = await get<PaymentReport>(`/api/reports/GetRaisedPaymentReport?paymentHeaderId=${id}`, fToken);
    expect(own.status).toBe(200);
    expect(own.body.teachers.map((t) => t.teacher.teacherId)).toEqual([f.teacherId]);
    expect(own.body).toMatchObject({ grandTotalPence: 1446, paymentHeader: { amountTotalPence: 1446, teacherCount: 1 } });
    const viaAuto = await get<PaymentReport>(`/api/reports/GetTeacherPaymentReportAuto?paymentHeaderId=${id}`, fToken);
    expect(viaAuto.body).toEqual(own.body);

    expect((await get(`/api/reports/GetRaisedPaymentReport?paymentHeaderId=${id}&teacherId=${g.teacherId}`, fToken)).status).toBe(403);
    expect((await get(`/api/reports/GetTeacherPaymentReportAuto?teacherIds=${g.teacherId}`, fToken)).status).toBe(403);
    expect((await get(`/api/reports/GetSettlementReports?teacherId=${g.teacherId}`, fToken)).status).toBe(403);
    expect((await get(`/api/reports/GetRaisedPaymentReport?paymentHeaderId=${id}`, await teacherToken(h.teacherId))).status).toBe(404);

    const list = await get<PaymentHeaderList>('/api/reports/GetSettlementReports', fToken);
    expect(list.body.paymentHeaders.map((p) => [p.paymentHeaderId, p.amountTotalPence, p.classCount])).toEqual([[id, 1446, 1]]);
    const adminList = await get<PaymentHeaderList>(`/api/reports/GetSettlementReports?teacherId=${g.teacherId}`);
    expect(adminList.body.paymentHeaders.map((p) => [p.paymentHeaderId, p.amountTotalPence])).toEqual([[id, 1500]]);
  });

  it('lists reports by month, by year, and the years that have reports', async () => {
    const f = await createCourseFixture(ctx.db);
    const nov = await insertReport(ctx.db, [await createClass(ctx.db, f, { startsAt: '2025-11-03T08:00:00Z' })], { periodEndDate: '2025-11-30' });
    const jan = await insertReport(ctx.db, [await createClass(ctx.db, f, { startsAt: '2026-01-05T08:00:00Z' })], { periodEndDate: '2026-01-31' });
    const feb = await insertReport(ctx.db, [await createClass(ctx.db, f, { startsAt: '2026-02-05T08:00:00Z' })], { periodEndDate: '2026-02-28' });

    const ids = (body: PaymentHeaderList) => body.paymentHeaders.map((p) => p.paymentHeaderId);
    expect(ids((await get<PaymentHeaderList>('/api/reports/GetPaymentHeaders?dateToShow=15/1/2026')).body)).toEqual([jan]);
    expect(ids((await get<PaymentHeaderList>('/api/reports/GetPaymentHeaders')).body)).toEqual([feb, jan, nov]);
    expect(ids((await get<PaymentHeaderList>('/api/reports/GetPaymentHeadersByYear?year=2026')).body)).toEqual([feb, jan]);
    expect((await get<PaymentYears>('/api/reports/GetPaymentYears')).body).toEqual({ years: [2026, 2025] });
    expect((await get('/api/reports/GetPaymentHeadersByYear?year=abc')).status).toBe(400);
  });
});
