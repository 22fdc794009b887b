import type {
  ClassesInPeriod, ClassMonthlyCount, CountStats, HighLevelStats, StudentMonthlyCount, SubjectPercentages, TeacherDashboard, TeachersUnmarkedClassCount,
} from '@rollbook/shared-types/dashboard';
import { formatPounds, minutesToHours } from '@rollbook/shared-types/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSchool, demoUsers } from '../helpers/demo-school.js';
import { useTestApp } from '../helpers/test-app.js';

// The dashboard's figures against counts written here independently, in plain SQL, over the demo school.

const ctx = useTestApp({}, { seed: demoSchool });
let adminToken: string;
let teacherToken: string;
let teacherId: number;

beforeAll(async () => {
  const { admin, teacher } = await demoUsers(ctx.app, ctx.db, ['admin', 'teacher']);
  teacherId = teacher.entityId as number;
  adminToken = admin.token;
  teacherToken = teacher.token;
});

async function get<T>(url: string, token = adminToken): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

async function one(query: ReturnType<typeof sql<Record<string, unknown>>>): Promise<Record<string, number>> {
  const { rows } = await query.execute(ctx.db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

const LONDON_NOW = sql`(now() at time zone 'Europe/London')`;

describe('admin dashboard', () => {
  it('tile counts equal the counts computed directly in SQL', async () => {
    const stats = await get<CountStats>('/api/reports/GetCountStats');
    const expected = await one(sql`select
      (select count(*) from classes where status_id in (1, 2) and ends_at <= now()) as "unmarkedClassTotal",
      (select count(*) from courses where course_status_id = 1) as "draftCourseTotal",
      (select count(*) from courses c cross join lateral (select count(*) as held from classes k where k.course_id = c.course_id and k.starts_at <= now()) h
        where c.course_status_id in (2, 3) and c.duration - h.held <= 3) as "lessThanThreeClassesRemaining",
      (select count(*) from (select c.duration * c.class_length_template - coalesce(sum(k.class_length), 0) as discrepancy
        from courses c left join classes k on k.course_id = c.course_id where c.course_status_id = 2 group by c.course_id) d where d.discrepancy <> 0) as "classCountErrorTotal",
      (select count(*) from courses c where c.course_status_id = 2
        and (select max(k.starts_at) from classes k where k.course_id = c.course_id) < (((now() at time zone 'Europe/London')::date + 15)::timestamp at time zone 'Europe/London')) as "expiredTotal"`);
    expect(stats).toEqual(expected);
    // The demo school is arranged so the tiles have something to show.
    expect(stats.unmarkedClassTotal).toBeGreaterThan(0);
  });

  it('lists teachers with unmarked classes and their counts', async () => {
    const { teachers } = await get<TeachersUnmarkedClassCount>('/api/reports/GetTeachersUnmarkedClassCount');
    const { rows } = await sql<{ teacherId: number; n: string }>`
      select teacher_id, count(*) as n from classes where status_id in (1, 2) and ends_at <= now() group by teacher_id`.execute(ctx.db);
    expect(new Map(teachers.map((t) => [t.teacherId, t.count]))).toEqual(new Map(rows.map((r) => [r.teacherId, Number(r.n)])));
    expect(teachers.map((t) => t.count)).toEqual([...teachers.map((t) => t.count)].sort((a, b) => b - a));
    expect(teachers.some((t) => t.teacherId === teacherId)).toBe(true);
    expect(teachers[0]?.avatar ?? '{size}').toContain('{size}');
  });

  it.each([
    ['D', sql`date_trunc('day', ${LONDON_NOW})`, sql`interval '1 day'`],
    ['W', sql`date_trunc('week', ${LONDON_NOW})`, sql`interval '1 week'`],
    ['M', sql`date_trunc('month', ${LONDON_NOW})`, sql`interval '1 month'`],
  ])('classes of period %s are those dated in it in London (weeks from Monday)', async (period, start, length) => {
    const body = await get<ClassesInPeriod>(`/api/reports/GetClassesThisWeek?period=${period}`);
    const { rows } = await sql<{ classId: number }>`
      select class_id from classes where status_id not in (4, 5)
        and (starts_at at time zone 'Europe/London') >= ${start} and (starts_at at time zone 'Europe/London') < ${start} + ${length}
      order by starts_at, class_id`.execute(ctx.db);
    expect(body.classes.map((c) => c.classId)).toEqual(rows.map((r) => r.classId));
    const { rows: bounds } = await sql<{ from: string; to: string; dow: number }>`
      select to_char(${start}, 'YYYY-MM-DD') as from, to_char(${start} + ${length} - interval '1 day', 'YYYY-MM-DD') as to,
        extract(isodow from ${start})::int as dow`.execute(ctx.db);
    expect([body.from, body.to]).toEqual([bounds[0]?.from, bounds[0]?.to]);
    if (period === 'W') {
      expect(bounds[0]?.dow).toBe(1);
      expect(body.classes.length).toBeGreaterThan(0);
    }
  });

  it('moves the period by dateMultiplier', async () => {
    const next = await get<ClassesInPeriod>('/api/reports/GetClassesThisWeek?period=W&dateMultiplier=1');
    const now = await get<ClassesInPeriod>('/api/reports/GetClassesThisWeek?period=W');
    const days = (Date.parse(next.from) - Date.parse(now.from)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('subject breakdown year to date equals the SQL count per subject', async () => {
    const body = await get<SubjectPercentages>('/api/reports/GetSubjectPercentages');
    const { rows } = await sql<{ subjectId: number; n: string }>`
      select co.subject_id, count(*) as n from classes k join courses co on co.course_id = k.course_id
      where k.status_id not in (4, 5) and k.starts_at < now() and (k.starts_at at time zone 'Europe/London') >= date_trunc('year', ${LONDON_NOW})
      group by co.subject_id`.execute(ctx.db);
    expect(new Map(body.subjects.map((s) => [s.subjectId, s.subjectCountYtd]))).toEqual(new Map(rows.map((r) => [r.subjectId, Number(r.n)])));
    expect(body.classCountYtd).toBe(rows.reduce((sum, r) => sum + Number(r.n), 0));
    const percentages = body.subjects.reduce((sum, s) => sum + s.percentage, 0);
    expect(Math.abs(percentages - 100)).toBeLessThan(0.1 * body.subjects.length);
  });

  it('classes per month, last year and this year, equal the SQL counts', async () => {
    const { months } = await get<ClassMonthlyCount>('/api/reports/GetClassMonthlyCount');
    const { rows } = await sql<{ y: number; m: number; n: string }>`
      select extract(year from starts_at at time zone 'Europe/London')::int as y, extract(month from starts_at at time zone 'Europe/London')::int as m, count(*) as n
      from classes where status_id not in (4, 5) group by 1, 2`.execute(ctx.db);
    const year = Number((await one(sql`select extract(year from ${LONDON_NOW}) as y`)).y);
    const count = (y: number, m: number) => Number(rows.find((r) => r.y === y && r.m === m)?.n ?? 0);
    expect(months.map((m) => m.monthShortName)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(months.map((m) => [m.classCount1, m.classCount2])).toEqual(months.map((m) => [count(year - 1, m.month), count(year, m.month)]));
    expect(months.some((m) => m.classCount2 > 0)).toBe(true);
  });

  it('students joining per month equal the SQL counts of joined_at', async () => {
    const { months } = await get<StudentMonthlyCount>('/api/reports/GetStudentMonthlyCount');
    const { rows } = await sql<{ y: number; m: number; n: string }>`
      select extract(year from joined_at at time zone 'Europe/London')::int as y, extract(month from joined_at at time zone 'Europe/London')::int as m, count(*) as n
      from students group by 1, 2`.execute(ctx.db);
    const year = Number((await one(sql`select extract(year from ${LONDON_NOW}) as y`)).y);
    const count = (y: number, m: number) => Number(rows.find((r) => r.y === y && r.m === m)?.n ?? 0);
    expect(months.map((m) => [m.studentCount1, m.studentCount2])).toEqual(months.map((m) => [count(year - 1, m.month), count(year, m.month)]));
    expect(months.some((m) => m.studentCount1 + m.studentCount2 > 0)).toBe(true);
  });

  it('headline figures equal the SQL sums, the money to the penny', async () => {
    const stats = await get<HighLevelStats>('/api/reports/GetHighLevelStats');
    const expected = await one(sql`select
      (select count(*) from courses where course_status_id = 2) as "activeCourses",
      (select count(distinct e.student_id) from enrolments e join courses c using (course_id) where e.status_id = 1 and c.course_status_id = 2) as "activeStudents",
      (select count(*) from classes where status_id not in (4, 5) and starts_at < now()
        and (starts_at at time zone 'Europe/London') >= date_trunc('month', ${LONDON_NOW})) as "classesHeldThisMonth",
      (select coalesce(sum(class_length), 0) from classes where status_id not in (4, 5) and starts_at < now()
        and (starts_at at time zone 'Europe/London') >= date_trunc('month', ${LONDON_NOW})) as "minutesThisMonth",
      (select count(*) from classes where status_id not in (4, 5) and starts_at < now()
        and (starts_at at time zone 'Europe/London') >= date_trunc('year', ${LONDON_NOW})) as "classesHeldYtd",
      (select coalesce(sum(class_length), 0) from classes where status_id not in (4, 5) and starts_at < now()
        and (starts_at at time zone 'Europe/London') >= date_trunc('year', ${LONDON_NOW})) as "minutesYtd",
      (select coalesce(sum(amount_total_pence), 0) from payment_headers where year = extract(year from ${LONDON_NOW})) as "paidYtdPence",
      (select coalesce(sum(round(k.class_length * r.rate_pence / 60.0)), 0) from classes k join teacher_rates r using (teacher_rate_id)
        where k.status_id = 3 and k.payment_header_id is null) as "awaitingSettlementPence",
      (select count(*) from classes where status_id = 3 and payment_header_id is null) as "awaitingSettlementClasses"`);
    expect(stats).toMatchObject({
      activeCourses: expected.activeCourses,
      activeStudents: expected.activeStudents,
      classesHeldThisMonth: expected.classesHeldThisMonth,
      hoursHeldThisMonth: minutesToHours(expected.minutesThisMonth as number),
      classesHeldYtd: expected.classesHeldYtd,
      hoursHeldYtd: minutesToHours(expected.minutesYtd as number),
      paidYtdPence: expected.paidYtdPence,
      awaitingSettlementPence: expected.awaitingSettlementPence,
      awaitingSettlementClasses: expected.awaitingSettlementClasses,
    });
    expect(stats.awaitingSettlementClasses).toBeGreaterThan(0);
    expect(stats.paidYtdPence).toBeGreaterThan(0);
  });
});

describe('teacher dashboard', () => {
  it("shows the signed-in teacher's own figures, equal to SQL over their classes", async () => {
    const body = await get<TeacherDashboard>('/api/reports/GetTeacherDashboard', teacherToken);
    const expected = await one(sql`select
      (select coalesce(sum(case when k.status_id = 6 then l.amount_pence else round(k.class_length * r.rate_pence / 60.0) end), 0)
        from classes k join teacher_rates r using (teacher_rate_id) left join payment_lines l on l.class_id = k.class_id
        where k.teacher_id = ${teacherId} and k.status_id in (3, 6)
          and date_trunc('month', k.starts_at at time zone 'Europe/London') = date_trunc('month', ${LONDON_NOW})) as "earningsThisMonthPence",
      (select coalesce(sum(round(k.class_length * r.rate_pence / 60.0)), 0) from classes k join teacher_rates r using (teacher_rate_id)
        where k.teacher_id = ${teacherId} and k.status_id = 3 and k.payment_header_id is null) as "awaitingSettlementPence",
      (select count(*) from classes where teacher_id = ${teacherId} and status_id in (1, 2) and ends_at <= now()) as "classesToMark",
      (select count(*) from classes where teacher_id = ${teacherId} and status_id not in (4, 5)
        and date_trunc('week', starts_at at time zone 'Europe/London') = date_trunc('week', ${LONDON_NOW})) as "classesThisWeek",
      (select count(distinct payment_header_id) from payment_lines where teacher_id = ${teacherId}) as "reports"`);
    expect(body).toMatchObject({
      teacherId,
      earningsThisMonthPence: expected.earningsThisMonthPence,
      earningsThisMonth: formatPounds(expected.earningsThisMonthPence as number),
      awaitingSettlementPence: expected.awaitingSettlementPence,
      classesToMark: expected.classesToMark,
      classesThisWeek: expected.classesThisWeek,
    });
    expect(body.classesToMark).toBeGreaterThan(0);
    expect(body.settlementReports.length).toBe(Math.min(5, expected.reports as number));
    // Amounts in the teacher's list are their part of each report.
    for (const report of body.settlementReports) {
      const part = await one(sql`select coalesce(sum(amount_pence), 0) as p from payment_lines where payment_header_id = ${report.paymentHeaderId} and teacher_id = ${teacherId}`);
      expect(report.amountTotalPence).toBe(part.p);
    }
  });
});
