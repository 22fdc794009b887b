import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import { SETTLEMENT_SORT_KEYS, type PaymentHeader, type PaymentHeaderList, type PaymentReport } from '@rollbook/shared-types/reports';
import { beforeAll, describe, expect, it } from 'vitest';
import { everyPage } from '../helpers/list-pages.js';
import { createClass, createCourseFixture, type CourseFixture } from '../helpers/payment-factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The settlement history (GetPaymentHeadersByYear) and a teacher's settlement reports
// (GetSettlementReports) one page at a time: page, pageSize, sort, dir and q are
// additions; a call without page or pageSize keeps its answer, every report newest first.

const ctx = useTestApp();
let adminToken: string;
let adminName: string;
let a: CourseFixture;
let b: CourseFixture;
let c: CourseFixture;
/** Report ids by name: R5 (Nov 2025, A), R1 (Jan 2026, A+B), R2 (Feb, A), R3 (Mar, B+C), R4 (Mar revision 2, C). */
const reports: Record<string, number> = {};

async function get<T>(url: string, token = adminToken): Promise<{ status: number; body: T }> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as T };
}

async function raise(name: string, teachers: CourseFixture[], periodEndDate: string, classes: [CourseFixture, string][]) {
  for (const [fixture, startsAt] of classes) await createClass(ctx.db, fixture, { startsAt });
  const { status, body } = await get<PaymentReport>(`/api/reports/RaisePaymentReport?teacherIds=${teachers.map((t) => t.teacherId).join(',')}&periodEndDate=${periodEndDate}`);
  expect(status, JSON.stringify(body)).toBe(200);
  reports[name] = body.paymentHeader?.paymentHeaderId as number;
}

beforeAll(async () => {
  const admin = await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null);
  adminName = admin.username;
  adminToken = admin.token;
  a = await createCourseFixture(ctx.db, { ratePence: 2000 });
  b = await createCourseFixture(ctx.db, { ratePence: 3000 });
  c = await createCourseFixture(ctx.db, { ratePence: 1000 });
  await raise('R5', [a], '30/11/2025', [[a, '2025-11-10T18:00:00Z']]);
  await raise('R1', [a, b], '31/1/2026', [[a, '2026-01-05T18:00:00Z'], [a, '2026-01-12T18:00:00Z'], [b, '2026-01-06T18:00:00Z']]);
  await raise('R2', [a], '28/2/2026', [[a, '2026-02-02T18:00:00Z']]);
  await raise('R3', [b, c], '31/3/2026', [[b, '2026-03-02T18:00:00Z'], [b, '2026-03-09T18:00:00Z'], [b, '2026-03-16T18:00:00Z'], [c, '2026-03-03T18:00:00Z']]);
  await raise('R4', [c], '31/3/2026', [[c, '2026-03-10T18:00:00Z'], [c, '2026-03-17T18:00:00Z']]);
});

type Page = PaymentHeaderList & { total: number; page: number; pageSize: number; sort: string; dir: string };
const byYear = async (query: string) => {
  const { status, body } = await get<Page>(`/api/reports/GetPaymentHeadersByYear?year=2026&${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const named = (headers: PaymentHeader[]) => headers.map((h) => Object.entries(reports).find(([, id]) => id === h.paymentHeaderId)?.[0]);

const allPages = (query: string, pageSize: number) => everyPage(async (n) => (await byYear(`${query}&page=${n}&pageSize=${pageSize}`)).paymentHeaders, pageSize);

describe('GET /api/reports/GetPaymentHeadersByYear one page at a time', () => {
  it('keeps the older answer without page or pageSize: every report of the year, newest period first, no paging fields', async () => {
    const body = await byYear('');
    expect(Object.keys(body)).toEqual(['paymentHeaders']);
    expect(named(body.paymentHeaders)).toEqual(['R4', 'R3', 'R2', 'R1']);
  });

  it('answers a page in the same order with the total, and each report\'s kept counts and total', async () => {
    const first = await byYear('page=1&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3, sort: 'periodEndDate', dir: 'desc' });
    expect(named(first.paymentHeaders)).toEqual(['R4', 'R3', 'R2']);
    expect(named((await byYear('page=2&pageSize=3')).paymentHeaders)).toEqual(['R1']);
    expect(first.paymentHeaders[1]).toMatchObject({ title: 'Settlement report March 2026', classCount: 4, teacherCount: 2, amountTotalPence: 10_000, payment: '£100.00' });
    expect(first.paymentHeaders[0]).toMatchObject({ title: 'Settlement report March 2026 (revision 2)', classCount: 2, teacherCount: 1, amountTotalPence: 2_000 });
    expect(await byYear('page=1')).toMatchObject({ pageSize: 50, total: 4 });
  });

  it.each([
    ['title', 'asc', ['R2', 'R1', 'R3', 'R4']],
    ['periodEndDate', 'asc', ['R1', 'R2', 'R3', 'R4']],
    ['dateCreated', 'desc', ['R4', 'R3', 'R2', 'R1']],
    ['classCount', 'asc', ['R2', 'R4', 'R1', 'R3']],
    // Ties by id in the same direction: R2 before R4 ascending.
    ['teacherCount', 'asc', ['R2', 'R4', 'R1', 'R3']],
    ['amount', 'desc', ['R3', 'R1', 'R4', 'R2']],
  ])('sorts by %s %s, across pages', async (sort, dir, expected) => {
    expect(named(await allPages(`sort=${sort}&dir=${dir}`, 3))).toEqual(expected);
  });

  it.each(SETTLEMENT_SORT_KEYS.flatMap((sort) => [[sort, 'asc'], [sort, 'desc']]))('sorts by %s %s: pages join into the whole sorted list', async (sort, dir) => {
    const whole = await byYear(`sort=${sort}&dir=${dir}`);
    expect((await allPages(`sort=${sort}&dir=${dir}`, 2)).map((h) => h.paymentHeaderId)).toEqual(whole.paymentHeaders.map((h) => h.paymentHeaderId));
  });

  it('searches the title and the name of who raised the report, any case', async () => {
    expect(named((await byYear('q=REVISION&page=1')).paymentHeaders)).toEqual(['R4']);
    expect(named((await byYear('q=january&page=1')).paymentHeaders)).toEqual(['R1']);
    expect((await byYear(`q=${encodeURIComponent(adminName.toUpperCase())}&page=1`)).total).toBe(4);
    expect((await byYear('q=%25&page=1')).total).toBe(0);
  });

  it('keeps the counts with the lines when a teacher\'s part is removed', async () => {
    const { status } = await get(`/api/reports/DeletePayments?paymentHeaderId=${reports.R3}&teacherId=${c.teacherId}`);
    expect(status).toBe(200);
    const r3 = (await byYear('q=march&page=1')).paymentHeaders.find((h) => h.paymentHeaderId === reports.R3);
    expect(r3).toMatchObject({ classCount: 3, teacherCount: 1, amountTotalPence: 9_000 });
    // Raised again, C's class goes into a third March report.
    await get(`/api/reports/RaisePaymentReport?teacherIds=${c.teacherId}&periodEndDate=31/3/2026`);
    const march = (await byYear('q=march&page=1&sort=title')).paymentHeaders;
    expect(march.map((h) => [h.title, h.classCount, h.teacherCount])).toEqual([
      ['Settlement report March 2026', 3, 1], ['Settlement report March 2026 (revision 2)', 2, 1], ['Settlement report March 2026 (revision 3)', 1, 1],
    ]);
    reports.R6 = march[2]?.paymentHeaderId as number;
  });

  it('answers an empty page past the end, with the total still counted', async () => {
    const body = await byYear('page=9&pageSize=3');
    expect(body.paymentHeaders).toEqual([]);
    expect(body.total).toBeGreaterThanOrEqual(4);
  });

  it('refuses an unknown sort, a page size over the most, page 0 and a long search with a 400 naming the field', async () => {
    for (const [query, field] of [['sort=teacher', 'sort'], [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize'], ['page=0', 'page'], [`q=${'x'.repeat(201)}`, 'q']]) {
      const { status, body } = await get<{ fieldErrors?: Record<string, string[]> }>(`/api/reports/GetPaymentHeadersByYear?year=2026&${query}`);
      expect(status, query).toBe(400);
      expect(Object.keys(body.fieldErrors ?? {}), query).toContain(field);
    }
  });
});

describe('GET /api/reports/GetSettlementReports one page at a time', () => {
  it("pages a teacher's reports with that teacher's part of each, sorted by it", async () => {
    const { body } = await get<Page>(`/api/reports/GetSettlementReports?teacherId=${a.teacherId}&page=1&pageSize=2`);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(named(body.paymentHeaders)).toEqual(['R2', 'R1']);
    expect(body.paymentHeaders[1]).toMatchObject({ classCount: 2, teacherCount: 1, amountTotalPence: 4_000 });
    const byAmount = await get<Page>(`/api/reports/GetSettlementReports?teacherId=${a.teacherId}&sort=amount&page=1`);
    // R5 and R2 are 2,000p each: the older report first.
    expect(named(byAmount.body.paymentHeaders)).toEqual(['R5', 'R2', 'R1']);
    const unpaged = await get<PaymentHeaderList>(`/api/reports/GetSettlementReports?teacherId=${a.teacherId}`);
    expect(Object.keys(unpaged.body)).toEqual(['paymentHeaders']);
    expect(named(unpaged.body.paymentHeaders)).toEqual(['R2', 'R1', 'R5']);
  });

  it('gives a teacher their own reports only, paged', async () => {
    const { token } = await loginFor(ctx.app, ctx.db, 'Teacher', b.teacherId);
    const own = await get<Page>('/api/reports/GetSettlementReports?page=1&sort=periodEndDate&dir=asc', token);
    expect(own.status).toBe(200);
    expect(named(own.body.paymentHeaders)).toEqual(['R1', 'R3']);
    expect(own.body.paymentHeaders.map((h) => h.amountTotalPence)).toEqual([3_000, 9_000]);
    expect((await get(`/api/reports/GetSettlementReports?teacherId=${a.teacherId}&page=1`, token)).status).toBe(403);
    expect((await get('/api/reports/GetPaymentHeadersByYear?year=2026&page=1', token)).status).toBe(403);
  });
});
