import { randomUUID } from 'node:crypto';
import { AttendanceWarningListQuerySchema } from '@rollbook/shared-types/attendance-warnings';
import { ClassListQuerySchema, type ClassListResponse } from '@rollbook/shared-types/classes';
import { CompanyListQuerySchema } from '@rollbook/shared-types/companies';
import { PaymentHeadersByYearQuerySchema, SettlementReportsQuerySchema } from '@rollbook/shared-types/reports';
import { RoomListQuerySchema } from '@rollbook/shared-types/rooms';
import { CourseListQuerySchema } from '@rollbook/shared-types/courses';
import { ClassesThisWeekQuerySchema, DASHBOARD_CLASSES_PAGE_SIZE, TeachersUnmarkedQuerySchema, type ClassesInPeriod } from '@rollbook/shared-types/dashboard';
import { StudentListQuerySchema } from '@rollbook/shared-types/students';
import { PullQuerySchema, type MutationEnvelope } from '@rollbook/shared-types/sync';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '../src/db/create-db.js';
import type { DB } from '../src/db/database.js';
import { markAttendance } from '../src/modules/attendance/attendance.service.js';
import { attendanceWarningCount, attendanceWarnings } from '../src/modules/attendance-warnings/attendance-warnings.service.js';
import { getClassList } from '../src/modules/classes/classes.service.js';
import { getCompanyList } from '../src/modules/companies/companies.service.js';
import { getCourseList } from '../src/modules/courses/courses.service.js';
import { classesInPeriod, classMonthlyCount, countStats, studentMonthlyCount, subjectPercentages, teachersUnmarked } from '../src/modules/dashboard/dashboard.service.js';
import { getStudentList } from '../src/modules/students/students.service.js';
import { listPaymentHeadersByYear, listSettlementReports } from '../src/modules/reports/settlement.service.js';
import { getRoomList } from '../src/modules/rooms/rooms.service.js';
import { pullChanges } from '../src/modules/sync/pull.service.js';
import { pushMutations } from '../src/modules/sync/push.service.js';
import { rolesOf } from '../src/modules/users/users.repository.js';
import { principalFromRoles, type Principal } from '../src/plugins/auth.js';
import { JsonText } from '../src/plugins/response-serializer.js';
import { seedDemoSchool } from '../src/seed/demo-school.js';
import { createTestDb, type TestDb } from '../test/helpers/test-db.js';

// The hot paths of `pnpm bench` must stay index lookups as the school grows: at scale 100 (15,000
// students, 216k classes, a million register lines) every statement they issue is run through
// EXPLAIN, and a sequential scan of a large table fails the test with the query and the table.
// The statements are the ones the services really send (captured from Kysely's log while calling
// them with realistic parameters), not copies of their SQL.

/** Tables above this many rows must be reached through an index. */
const LARGE_TABLE_ROWS = 10_000;

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

let testDb: TestDb;
let capturing: Kysely<DB>;
let explainPool: pg.Pool;
let captured: Statement[] = [];
let rowCounts = new Map<string, number>();
let admin: Principal;
let teacher: Principal;

async function principalOf(username: string): Promise<Principal> {
  const user = await testDb.db.selectFrom('users').select('userId').where('username', '=', username).executeTakeFirst();
  if (!user) throw new Error(`no demo user ${username}`);
  return principalFromRoles(user.userId, await rolesOf(testDb.db, user.userId));
}

/** Runs `work` against the capturing database and answers the data statements it sent. */
async function statementsOf(work: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  captured = [];
  await work(capturing);
  return captured.filter((s) => /^\s*(select|insert|update|delete|with)\b/i.test(s.sql));
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/**
 * "<table> (<rows> rows) in: <sql>" for every sequential scan of a large table, or of one of
 * `alsoTables` whatever its size (a page of a list reads the rows it shows, not every row).
 */
async function largeSeqScans(statements: Statement[], alsoTables: readonly string[] = []): Promise<string[]> {
  const problems: string[] = [];
  for (const s of statements) {
    const { rows } = await explainPool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${s.sql}`, [...s.parameters]);
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error(`no plan for ${s.sql}`);
    for (const table of seqScans(plan)) {
      const n = rowCounts.get(table) ?? 0;
      if (n > LARGE_TABLE_ROWS || alsoTables.includes(table)) problems.push(`Seq Scan on ${table} (${n} rows) in: ${s.sql.replace(/\s+/g, ' ').slice(0, 400)}`);
    }
  }
  return problems;
}

/** The kinds of scan of the classes table in the plans of `statements`. */
async function classScans(statements: Statement[]): Promise<string[]> {
  const found: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'classes') found.push(node['Node Type']);
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const s of statements) {
    const { rows } = await explainPool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${s.sql}`, [...s.parameters]);
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (plan) walk(plan);
  }
  return found;
}

async function expectIndexesOnly(name: string, work: (db: Db) => Promise<unknown>, alsoTables: readonly string[] = []): Promise<Statement[]> {
  const statements = await statementsOf(work);
  expect(statements.length, `${name} sent no statements`).toBeGreaterThan(0);
  const problems = await largeSeqScans(statements, alsoTables);
  expect(problems, `${name}:\n${problems.join('\n')}`).toEqual([]);
  return statements;
}

beforeAll(async () => {
  testDb = await createTestDb();
  if (!testDb.url) throw new Error('The EXPLAIN test needs PostgreSQL (set TEST_DATABASE_URL): scale 100 does not fit PGlite');
  await seedDemoSchool(testDb.db, { scale: 100 });
  // As autovacuum would have left a live school: statistics and the visibility map (index-only scans).
  await sql`vacuum analyze`.execute(testDb.db);
  const counts = await sql<{ relname: string; n: number }>`
    select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`.execute(testDb.db);
  rowCounts = new Map(counts.rows.map((r) => [r.relname, Number(r.n)]));
  capturing = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: testDb.url, max: 2, options: '-c jit=off' }) }),
    plugins: [new CamelCasePlugin()],
    log: (event) => { if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters }); },
  });
  explainPool = new pg.Pool({ connectionString: testDb.url, max: 1 });
  admin = await principalOf('admin');
  teacher = await principalOf('teacher');
});

afterAll(async () => {
  await capturing?.destroy();
  await explainPool?.end();
  await testDb?.close();
});

/** The teacher's register lines that can be marked now, newest class first. */
async function markableLines(limit: number) {
  return testDb.db.selectFrom('classAttendance')
    .innerJoin('classes', 'classes.classId', 'classAttendance.classId')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .select(['classAttendance.classId', 'classAttendance.studentId', 'classAttendance.statusId', 'classAttendance.version'])
    .where('classes.teacherId', '=', teacher.teacherId ?? 0)
    .where('classes.startsAt', '<', new Date())
    .where('classes.statusId', 'not in', [4, 5, 6])
    .where('courses.courseStatusId', 'not in', [1, 4, 5])
    .where('classAttendance.statusId', '<>', 0)
    .orderBy('classes.startsAt', 'desc').orderBy('classAttendance.classId').orderBy('classAttendance.studentId')
    .limit(limit)
    .execute();
}

describe('hot queries at scale 100 use indexes on large tables', () => {
  it('sees the school at scale 100 (the large tables are large)', () => {
    expect(rowCounts.get('class_attendance')).toBeGreaterThan(500_000);
    expect(rowCounts.get('classes')).toBeGreaterThan(100_000);
    expect(rowCounts.get('students')).toBeGreaterThan(LARGE_TABLE_ROWS);
  });

  it("a teacher's week (GetByFilter, teacherId, timePeriod W)", async () => {
    const q = ClassListQuerySchema.parse({ teacherId: String(teacher.teacherId), timePeriod: 'W' });
    await expectIndexesOnly("teacher's week", (db) => getClassList(db, teacher, q));
  });

  it('the classes of the month (GetByFilter, timePeriod M, admin)', async () => {
    await expectIndexesOnly('classes of the month', (db) => getClassList(db, admin, ClassListQuerySchema.parse({ timePeriod: 'M' })));
  });

  it('the classes of the month, first page and the page its cursor leads to (GetByFilter paged, admin)', async () => {
    const first = ClassListQuerySchema.parse({ timePeriod: 'M', page: '1', pageSize: '50' });
    await expectIndexesOnly('classes of the month, first page', (db) => getClassList(db, admin, first));
    const answer = await getClassList(testDb.db, admin, first);
    const { next } = JSON.parse(answer instanceof JsonText ? answer.text : JSON.stringify(answer)) as ClassListResponse;
    expect(next).toEqual(expect.any(String));
    const after = ClassListQuerySchema.parse({ timePeriod: 'M', pageSize: '50', after: next });
    await expectIndexesOnly('classes of the month, the next page', (db) => getClassList(db, admin, after));
  });

  it('the courses list with filters (courses/getall)', async () => {
    const q = CourseListQuerySchema.parse({ statusId: '2', subjectId: '1', excludeArchived: 'true' });
    await expectIndexesOnly('courses list', (db) => getCourseList(db, q));
  });

  it('the courses list, first page and a page sorted by company (courses/getall with paging): no course read but the page\'s', async () => {
    const first = CourseListQuerySchema.parse({ statusId: '2', subjectId: '1', excludeArchived: 'true', page: '1', pageSize: '50' });
    await expectIndexesOnly('courses first page', (db) => getCourseList(db, first), ['courses']);
    const byCompany = CourseListQuerySchema.parse({ sort: 'company', page: '3', pageSize: '50' });
    await expectIndexesOnly('courses by company', (db) => getCourseList(db, byCompany));
  });

  it('the students list page, by name and by e-mail (students/getall)', async () => {
    await expectIndexesOnly('students list', (db) => getStudentList(db, StudentListQuerySchema.parse({ companyId: '-1', statusId: '-1', page: '1' })));
    await expectIndexesOnly('students by first name', (db) => getStudentList(db, StudentListQuerySchema.parse({ sort: 'firstName', dir: 'desc', page: '2' })));
    await expectIndexesOnly('students by e-mail', (db) => getStudentList(db, StudentListQuerySchema.parse({ sort: 'email', page: '3' })));
  });

  it('the students list page keeps one plan: PostgreSQL does not plan it again on every request', async () => {
    // The app's own pool (statements prepared by name), one connection, so pg_prepared_statements
    // shows its statements. After PostgreSQL's five trial plans it must be running on its kept one:
    // with the limit or offset as parameters it found a fresh plan each time cheaper, and planned
    // every request (a third of the page's PostgreSQL CPU).
    const one = createPostgresDb(testDb.url as string, 1);
    try {
      const q = StudentListQuerySchema.parse({ companyId: '-1', statusId: '-1', page: '1' });
      for (let i = 0; i < 8; i++) await getStudentList(one.db, q);
      const { rows } = await sql<{ generic: number; custom: number }>`
        select generic_plans as generic, custom_plans as custom from pg_prepared_statements
         where statement like '%"students"%' order by generic_plans + custom_plans desc limit 1`.execute(one.db);
      expect(rows[0]?.generic).toBeGreaterThan(0);
    } finally {
      await one.close();
    }
  });

  it('the companies list page, by name and searched by town (companies/GetAll)', async () => {
    await expectIndexesOnly('companies list', (db) => getCompanyList(db, CompanyListQuerySchema.parse({ page: '1', pageSize: '50' })));
    await expectIndexesOnly('companies search', (db) => getCompanyList(db, CompanyListQuerySchema.parse({ q: 'ltd', sort: 'town', page: '2' })));
  });

  it('the rooms list page, by company and searched by capacity (rooms/getall)', async () => {
    await expectIndexesOnly('rooms list', (db) => getRoomList(db, RoomListQuerySchema.parse({ page: '1', pageSize: '50' })));
    await expectIndexesOnly('rooms search', (db) => getRoomList(db, RoomListQuerySchema.parse({ q: 'room', companyId: '1', sort: 'capacity', page: '2' })));
  });

  it("the settlement history page (GetPaymentHeadersByYear) and a teacher's reports by amount (GetSettlementReports)", async () => {
    const year = String(new Date().getFullYear());
    await expectIndexesOnly('settlement history', (db) => listPaymentHeadersByYear(db, PaymentHeadersByYearQuerySchema.parse({ year, page: '1', pageSize: '50' })));
    await expectIndexesOnly('settlement history by classes', (db) =>
      listPaymentHeadersByYear(db, PaymentHeadersByYearQuerySchema.parse({ year, q: 'report', sort: 'classCount', page: '1' })));
    await expectIndexesOnly("a teacher's reports", (db) =>
      listSettlementReports(db, admin, SettlementReportsQuerySchema.parse({ teacherId: String(teacher.teacherId), sort: 'amount', page: '1' })));
  });

  // A sort by the student's or the course's name orders the 2,500 rows below the threshold by a
  // name: PostgreSQL rightly hashes the students (or courses) for them, so those sorts are not here.
  it('the attendance warnings page by rate both ways, of one course, and the tile (GetAttendanceWarnings, GetAttendanceWarningCount): no kept row read but the listed ones', async () => {
    const first = AttendanceWarningListQuerySchema.parse({ page: '1', pageSize: '50' });
    const answer = await attendanceWarnings(testDb.db, first);
    expect(answer.total).toBeGreaterThan(1_000);
    await expectIndexesOnly('attendance warnings page', (db) => attendanceWarnings(db, first), ['student_course_attendance', 'enrolments']);
    await expectIndexesOnly('attendance warnings, third page by rate, highest first', (db) =>
      attendanceWarnings(db, AttendanceWarningListQuerySchema.parse({ page: '3', sort: 'rate', dir: 'desc' })), ['student_course_attendance', 'enrolments']);
    const courseId = String(answer.warnings[0]?.courseId);
    await expectIndexesOnly('attendance warnings of one course', (db) =>
      attendanceWarnings(db, AttendanceWarningListQuerySchema.parse({ courseId, sort: 'held' })), ['student_course_attendance', 'enrolments']);
    await expectIndexesOnly('attendance warnings tile', (db) => attendanceWarningCount(db), ['student_course_attendance', 'enrolments']);
  });

  it('the dashboard counts (GetCountStats)', async () => {
    // Each tile reads only its own courses (a partial index of course_class_totals), never every course.
    await expectIndexesOnly('dashboard counts', (db) => countStats(db), ['courses', 'course_class_totals']);
  });

  it("the dashboard's classes of the month, first page and the page its cursor leads to (GetClassesThisWeek paged): no class read but the page's", async () => {
    const first = ClassesThisWeekQuerySchema.parse({ period: 'M', pageSize: String(DASHBOARD_CLASSES_PAGE_SIZE) });
    await expectIndexesOnly('dashboard classes of the month', (db) => classesInPeriod(db, first), ['classes', 'courses', 'dashboard_class_counts']);
    const answer = await classesInPeriod(testDb.db, first);
    const { next, total } = JSON.parse(answer instanceof JsonText ? answer.text : JSON.stringify(answer)) as ClassesInPeriod;
    expect(total).toBeGreaterThan(5_000);
    expect(next).toEqual(expect.any(String));
    const after = ClassesThisWeekQuerySchema.parse({ period: 'M', pageSize: String(DASHBOARD_CLASSES_PAGE_SIZE), after: next });
    await expectIndexesOnly('dashboard classes of the month, next page', (db) => classesInPeriod(db, after), ['classes', 'courses', 'dashboard_class_counts']);
  });

  it("the dashboard's charts and its teachers with unmarked classes (GetClassMonthlyCount, GetSubjectPercentages, GetStudentMonthlyCount, GetTeachersUnmarkedClassCount)", async () => {
    // The charts read kept counts (a row per day and subject, per month) and today's started
    // classes, never every class, course or student. The monthly chart's two years are most of a
    // young school's kept days, which PostgreSQL rightly reads whole: the kept tables grow with
    // the calendar, not the school.
    const school = ['classes', 'courses', 'students'];
    await expectIndexesOnly('classes per month', (db) => classMonthlyCount(db), school);
    await expectIndexesOnly('subject breakdown', (db) => subjectPercentages(db), school);
    await expectIndexesOnly('students joining per month', (db) => studentMonthlyCount(db), school);
    const teachersPage = await expectIndexesOnly('teachers with unmarked classes, first page', (db) => teachersUnmarked(db, TeachersUnmarkedQuerySchema.parse({ page: '1' })));
    // Each unmarked class's teacher comes from the index (its INCLUDE), not from the class's row.
    const scans = await classScans(teachersPage);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans).toEqual(scans.map(() => 'Index Only Scan'));
  });

  it('a sync push of 50 marks', async () => {
    const lines = await markableLines(50);
    expect(lines).toHaveLength(50);
    const mutations: MutationEnvelope[] = lines.map((l, i) => ({
      mutationId: randomUUID(), seq: i + 1, name: 'markAttendance',
      args: { classId: l.classId, studentId: l.studentId, statusId: i % 2 === 0 ? 2 : 5 }, baseVersion: l.version, madeAt: new Date().toISOString(),
    }));
    await expectIndexesOnly('sync push', (db) => pushMutations(db, teacher, { clientId: randomUUID(), mutations }));
  });

  it('a sync pull after one change', async () => {
    const clientId = randomUUID();
    const first = await pullChanges(testDb.db, teacher, PullQuerySchema.parse({ clientId }));
    const [line] = await markableLines(1);
    if (!line) throw new Error('the demo teacher has no started class');
    await markAttendance(testDb.db, admin, [{ classId: line.classId, studentId: line.studentId, statusId: line.statusId === 2 ? 5 : 2 }]);
    const since = PullQuerySchema.parse({ clientId, since: first.cursor });
    const statements = await expectIndexesOnly('sync pull', async (db) => {
      const answer = await pullChanges(db, teacher, since);
      expect(answer.reset).toBe(false);
      expect(answer.attendance.some((a) => a.classId === line.classId && a.studentId === line.studentId)).toBe(true);
    });
    // The phone's installation is known and was seen lately: the whole pull is one statement.
    expect(statements).toHaveLength(1);
  });
});
