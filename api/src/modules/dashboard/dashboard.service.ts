import {
  DASHBOARD_CLASSES_LIMIT, DASHBOARD_CLASSES_PAGE_SIZE, type ClassesInPeriod, type ClassesThisWeekQuery, type ClassMonthlyCount, type CountStats,
  type HighLevelStats, type StudentMonthlyCount, type SubjectPercentages, type TeacherDashboard, type TeachersUnmarkedClassCount,
  type TeachersUnmarkedQuery, TEACHERS_UNMARKED_PAGE_SIZE,
} from '@rollbook/shared-types/dashboard';
import { asksForPage } from '@rollbook/shared-types/list-page';
import { formatPounds, minutesToHours } from '@rollbook/shared-types/money';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { forbidden } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/list-page.js';
import { londonDate } from '../../lib/london-time.js';
import type { Principal } from '../../plugins/auth.js';
import { answerWithList, type JsonText } from '../../plugins/response-serializer.js';
import { headerView } from '../reports/payment-report.js';
import { selectPaymentHeaders } from '../reports/payment-headers.repository.js';
import * as classesRepo from './classes-in-period.repository.js';
import * as charts from './dashboard-charts.repository.js';
import * as repo from './dashboard.repository.js';
import { londonPeriod, londonYear } from './dashboard-period.js';

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export async function countStats(db: Kysely<DB>): Promise<CountStats> {
  return repo.countStats(db);
}

/** Teachers with classes requiring marking, most first: one page when the call asks for one, else every one. */
export async function teachersUnmarked(db: Kysely<DB>, query: TeachersUnmarkedQuery = {}): Promise<TeachersUnmarkedClassCount> {
  if (!asksForPage(query)) return repo.teachersWithUnmarkedClasses(db);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TEACHERS_UNMARKED_PAGE_SIZE;
  return { ...(await repo.teachersWithUnmarkedClasses(db, { limit: pageSize, offset: (page - 1) * pageSize })), page, pageSize };
}

/**
 * Classes of the period by start: one page when the call asks for one, else the first
 * DASHBOARD_CLASSES_LIMIT. The classes are sent as the JSON text PostgreSQL wrote for them.
 */
export async function classesInPeriod(db: Kysely<DB>, query: ClassesThisWeekQuery, now = new Date()): Promise<ClassesInPeriod | JsonText> {
  const period = londonPeriod(query.period, query.dateMultiplier, now);
  const paged = asksForPage(query);
  const pageSize = paged ? (query.pageSize ?? DASHBOARD_CLASSES_PAGE_SIZE) : DASHBOARD_CLASSES_LIMIT;
  const page = query.page ?? 1;
  const after = query.after === undefined ? undefined : decodeCursor(query.after, CURSOR_SORT, 'asc', 'instant');
  // One row more than the page says whether another follows it.
  const { rows, total } = await classesRepo.classesBetween(db, period.from, period.to, {
    limit: pageSize + 1,
    offset: (page - 1) * pageSize,
    after: after && { startsAt: after.value as Date, classId: after.id },
  });
  const shown = rows.slice(0, pageSize);
  const classesJson = `[${shown.map((row) => row.item).join(',')}]`;
  const answer = { period: query.period, from: period.from, to: period.to, datesSelected: period.label, total };
  if (!paged) return answerWithList('classes', classesJson, answer);
  const last = shown.at(-1);
  const next = rows.length > pageSize && last ? encodeCursor(CURSOR_SORT, 'asc', last.startsAt, last.classId) : null;
  return answerWithList('classes', classesJson, { ...answer, page, pageSize, next });
}

/** The panel is in start order only; its cursors say so. */
const CURSOR_SORT = 'date';

export async function subjectPercentages(db: Kysely<DB>, now = new Date()): Promise<SubjectPercentages> {
  const year = londonYear(now);
  const rows = await charts.subjectCountsSince(db, `${year}-01-01`, londonDate(now), now);
  const total = rows.reduce((sum, r) => sum + r.subjectCountYtd, 0);
  return {
    year,
    classCountYtd: total,
    subjects: rows.map((r) => ({ ...r, percentage: total === 0 ? 0 : Math.round((r.subjectCountYtd * 1000) / total) / 10 })),
  };
}

function twelveMonths(rows: { year: number; month: number; n: number }[], lastYear: number, thisYear: number) {
  const count = (year: number, month: number) => rows.find((r) => r.year === year && r.month === month)?.n ?? 0;
  return MONTH_SHORT.map((monthShortName, i) => ({ month: i + 1, monthShortName, last: count(lastYear, i + 1), current: count(thisYear, i + 1) }));
}

export async function classMonthlyCount(db: Kysely<DB>, now = new Date()): Promise<ClassMonthlyCount> {
  const year = londonYear(now);
  const rows = await charts.classCountsByMonth(db, year - 1, year);
  return { months: twelveMonths(rows, year - 1, year).map((m) => ({ month: m.month, monthShortName: m.monthShortName, classCount1: m.last, classCount2: m.current })) };
}

export async function studentMonthlyCount(db: Kysely<DB>, now = new Date()): Promise<StudentMonthlyCount> {
  const year = londonYear(now);
  const rows = await charts.studentJoinsByMonth(db, year - 1, year);
  return { months: twelveMonths(rows, year - 1, year).map((m) => ({ month: m.month, monthShortName: m.monthShortName, studentCount1: m.last, studentCount2: m.current })) };
}

export async function highLevelStats(db: Kysely<DB>, now = new Date()): Promise<HighLevelStats> {
  const month = londonPeriod('M', 0, now);
  const year = londonYear(now);
  const s = await repo.highLevelStats(db, month.from, month.to, `${year}-01-01`, year, londonDate(now), now);
  return {
    activeCourses: s.activeCourses,
    activeStudents: s.activeStudents,
    teachersThisMonth: s.teachersThisMonth,
    classesHeldThisMonth: s.month.classes,
    hoursHeldThisMonth: minutesToHours(s.month.minutes),
    classesHeldYtd: s.ytd.classes,
    hoursHeldYtd: minutesToHours(s.ytd.minutes),
    paidYtdPence: Number(s.paidYtdPence),
    awaitingSettlementPence: Number(s.awaitingSettlementPence),
    awaitingSettlementClasses: s.awaitingSettlementClasses,
  };
}

/** The signed-in teacher's own dashboard. */
export async function teacherDashboard(db: Kysely<DB>, principal: Principal, now = new Date()): Promise<TeacherDashboard> {
  const teacherId = principal.teacherId;
  if (teacherId === null) throw forbidden();
  const month = londonPeriod('M', 0, now);
  const week = londonPeriod('W', 0, now);
  const [figures, reports] = await Promise.all([
    repo.teacherFigures(db, teacherId, month.from, month.to, week.from, week.to),
    selectPaymentHeaders(db, { teacherId, limit: 5 }),
  ]);
  const earnings = Number(figures.earningsThisMonthPence);
  return {
    teacherId,
    earningsThisMonthPence: earnings,
    earningsThisMonth: formatPounds(earnings),
    awaitingSettlementPence: Number(figures.awaitingSettlementPence),
    classesToMark: figures.classesToMark,
    classesThisWeek: figures.classesThisWeek,
    settlementReports: reports.map(headerView),
  };
}
