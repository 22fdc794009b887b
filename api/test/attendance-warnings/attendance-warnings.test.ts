import {
  AttendanceWarningListQuerySchema, attendancePercent, HELD_ATTENDANCE_STATUSES, isBelowThreshold, type AttendanceRates, type AttendanceWarningCount, type AttendanceWarningList,
} from '@rollbook/shared-types/attendance-warnings';
import { AttendanceStatus, ClassStatus, NOT_TAUGHT_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { literalList } from '../../src/db/sql-literals.js';
import { createStudent } from '../helpers/factories.js';
import { createCast, createClass, createCourse, createTeacherWithRate, daysFromNow, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { attendanceWarningCount, attendanceWarnings } from '../../src/modules/attendance-warnings/attendance-warnings.service.js';
import { useTestApp } from '../helpers/test-app.js';

// Attendance rates (attended ÷ held classes marked for the student) and the dashboard's
// warning list below the school's threshold, against a real PostgreSQL.

const ctx = useTestApp();
let cast: Cast;
let teacher: { teacherId: number; teacherRateId: number };

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  teacher = await createTeacherWithRate(ctx.db);
});

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown, who: keyof Cast['headers'] = 'admin') {
  const res = await ctx.app.inject({ method, url, payload: payload as object, headers: cast.headers[who] });
  return { status: res.statusCode, body: res.json() as T, text: res.body };
}
async function get<T>(url: string): Promise<T> {
  const res = await call<T>('GET', url);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
async function setThreshold(threshold: number) {
  const res = await call('POST', '/api/settings/UpdateAttendanceThreshold', { threshold });
  expect(res.status, res.text).toBe(200);
}

/** A course with `n` classes held in the past (one a day, newest yesterday). */
async function courseWithPastClasses(n: number, options: { statusId?: number; title?: string } = {}) {
  const { courseId } = await createCourse(ctx.db, options);
  const classIds: number[] = [];
  for (let i = n; i >= 1; i--) classIds.push((await createClass(ctx.db, { ...teacher, courseId, startsAt: daysFromNow(-i) })).classId);
  return { courseId, classIds };
}

/** Marks through the admin's marking call, as the course page does. */
async function mark(lines: { classId: number; studentId: number; statusId: number }[]) {
  const res = await call<unknown>('POST', '/api/classes/UpdateClassAttendenceMultiple', lines);
  expect(res.status, res.text).toBe(200);
}

/** An admin's override (late cancellation, cancelled in advance): the student override writes the line directly. */
async function override(classId: number, studentId: number, statusId: number) {
  await ctx.db.updateTable('classAttendance').set({ statusId, isOverride: true }).where('classId', '=', classId).where('studentId', '=', studentId).execute();
}

/**
 * The counts worked out from the register itself by the shared rule's status lists, to hold the
 * kept ones (the database's triggers spell the lists out) to: should either change alone, the
 * recount and the kept counts part.
 */
async function countsFromRegister(courseId: number) {
  const { rows } = await sql<{ studentId: number; attended: number; held: number }>`
    select a.student_id, (count(*) filter (where a.status_id = ${sql.lit(AttendanceStatus.Attended)}))::int as attended, count(*)::int as held
      from class_attendance a join classes c on c.class_id = a.class_id
     where c.course_id = ${courseId} and a.status_id in ${literalList(HELD_ATTENDANCE_STATUSES)}
       and c.status_id not in ${literalList(NOT_TAUGHT_CLASS_STATUSES)}
     group by a.student_id order by a.student_id`.execute(ctx.db);
  return rows;
}
const kept = (rates: AttendanceRates) => rates.rates.filter((r) => r.held > 0).map(({ studentId, attended, held }) => ({ studentId, attended, held }));

describe('attendance rate of a student on a course', () => {
  let courseId: number;
  let classIds: number[];
  let ana: number;
  let ben: number;
  let cleo: number;

  beforeAll(async () => {
    ({ courseId, classIds } = await courseWithPastClasses(7));
    ana = (await createStudent(ctx.db, { firstName: 'Ana', lastName: 'Rate' })).studentId;
    ben = (await createStudent(ctx.db, { firstName: 'Ben', lastName: 'Rate' })).studentId;
    cleo = (await createStudent(ctx.db, { firstName: 'Cleo', lastName: 'Rate' })).studentId;
    for (const studentId of [ana, ben, cleo]) await enrol(ctx.db, courseId, studentId, { classIds });
    const [c1, c2, c3, , c5, c6, c7] = classIds as [number, number, number, number, number, number, number];
    // Ana: attended 2, absent 1, one not marked, one cancelled in advance, one late cancellation, and
    // one attended class that was then suspended (not taught).
    await mark([
      { classId: c1, studentId: ana, statusId: AttendanceStatus.Attended },
      { classId: c2, studentId: ana, statusId: AttendanceStatus.Attended },
      { classId: c3, studentId: ana, statusId: AttendanceStatus.Absent },
      { classId: c7, studentId: ana, statusId: AttendanceStatus.Attended },
      { classId: c1, studentId: ben, statusId: AttendanceStatus.Attended },
      { classId: c2, studentId: ben, statusId: AttendanceStatus.Attended },
    ]);
    await override(c5, ana, AttendanceStatus.CancelledInAdvance);
    await override(c6, ana, AttendanceStatus.LateCancellation);
    await ctx.db.updateTable('classes').set({ statusId: ClassStatus.Suspended }).where('classId', '=', c7).execute();
  });

  it('counts attended over classes marked attended, absent or late cancellation, leaving out unmarked, cancelled in advance and untaught classes', async () => {
    const { rates } = await get<AttendanceRates>(`/api/reports/GetAttendanceRates?courseId=${courseId}`);
    expect(rates.find((r) => r.studentId === ana)).toEqual({ studentId: ana, courseId, attended: 2, held: 4, rate: 50 });
    expect(rates.find((r) => r.studentId === ben)).toEqual({ studentId: ben, courseId, attended: 2, held: 2, rate: 100 });
    // Nothing marked for Cleo: no rate yet.
    expect(rates.find((r) => r.studentId === cleo && r.held > 0)).toBeUndefined();
    expect(kept({ rates })).toEqual(await countsFromRegister(courseId));
    // The screens' rule gives the API's rate.
    for (const r of rates) expect(r.rate).toBe(attendancePercent(r.attended, r.held));
  });

  it("gives the same rates from the student's side", async () => {
    const { rates } = await get<AttendanceRates>(`/api/reports/GetAttendanceRates?studentId=${ana}`);
    expect(rates).toEqual([{ studentId: ana, courseId, attended: 2, held: 4, rate: 50 }]);
  });

  it('follows marks changed, cleared, classes taught again and classes deleted, as the register says', async () => {
    const [c1, c2, c3, c4, , , c7] = classIds as [number, number, number, number, number, number, number];
    await mark([
      { classId: c3, studentId: ana, statusId: AttendanceStatus.Attended },
      { classId: c4, studentId: ana, statusId: AttendanceStatus.Absent },
      { classId: c2, studentId: ben, statusId: AttendanceStatus.Pending },
      { classId: c1, studentId: cleo, statusId: AttendanceStatus.Absent },
    ]);
    await ctx.db.updateTable('classes').set({ statusId: ClassStatus.Marked }).where('classId', '=', c7).execute();
    let rates = await get<AttendanceRates>(`/api/reports/GetAttendanceRates?courseId=${courseId}`);
    expect(rates.rates.find((r) => r.studentId === ana)).toMatchObject({ attended: 4, held: 6, rate: 66 });
    expect(kept(rates)).toEqual(await countsFromRegister(courseId));

    await ctx.db.deleteFrom('classes').where('classId', '=', c1).execute();
    await ctx.db.deleteFrom('classAttendance').where('classId', '=', c4).where('studentId', '=', ana).execute();
    rates = await get<AttendanceRates>(`/api/reports/GetAttendanceRates?courseId=${courseId}`);
    expect(rates.rates.find((r) => r.studentId === ana)).toMatchObject({ attended: 3, held: 4, rate: 75 });
    expect(rates.rates.find((r) => r.studentId === cleo)).toMatchObject({ attended: 0, held: 0, rate: null });
    expect(kept(rates)).toEqual(await countsFromRegister(courseId));
  });

  it('keeps the counts the shared rule recounts for every register status on every class status, as class statuses change', async () => {
    // Paid needs a settlement report (a check holds it); it counts as Marked does.
    const classStatuses = Object.values(ClassStatus).filter((statusId) => statusId !== ClassStatus.Paid);
    const lineStatuses = Object.values(AttendanceStatus);
    const { courseId: id } = await createCourse(ctx.db);
    const ids: number[] = [];
    for (const [i, statusId] of classStatuses.entries()) ids.push((await createClass(ctx.db, { ...teacher, courseId: id, startsAt: daysFromNow(-1 - i), statusId })).classId);
    // One student per register status, on every class in it: written and then rewritten, as marks are.
    for (const lineStatusId of lineStatuses) {
      const { studentId } = await createStudent(ctx.db, { firstName: `Status${lineStatusId}` });
      await enrol(ctx.db, id, studentId, { classIds: ids });
      await ctx.db.updateTable('classAttendance').set({ statusId: lineStatusId }).where('studentId', '=', studentId).execute();
    }
    const recount = async () => expect(kept(await get<AttendanceRates>(`/api/reports/GetAttendanceRates?courseId=${id}`))).toEqual(await countsFromRegister(id));
    await recount();
    // Every class taken through every status: taught ↔ not taught moves its lines off and on.
    for (const statusId of [...classStatuses].reverse()) {
      await ctx.db.updateTable('classes').set({ statusId }).where('classId', 'in', ids).execute();
      await recount();
    }
  });

  it('rounds the whole percent down, so a rate just under the threshold never shows as the threshold', async () => {
    const { courseId: id, classIds: ids } = await courseWithPastClasses(6);
    const dan = (await createStudent(ctx.db, { firstName: 'Dan' })).studentId;
    await enrol(ctx.db, id, dan, { classIds: ids });
    await mark(ids.map((classId, i) => ({ classId, studentId: dan, statusId: i === 0 ? AttendanceStatus.Absent : AttendanceStatus.Attended })));
    const { rates } = await get<AttendanceRates>(`/api/reports/GetAttendanceRates?studentId=${dan}`);
    expect(rates).toEqual([{ studentId: dan, courseId: id, attended: 5, held: 6, rate: 83 }]);
  });

  it('answers 404 for a course or student that does not exist, and 400 without exactly one of them', async () => {
    expect((await call('GET', '/api/reports/GetAttendanceRates?courseId=99999999')).status).toBe(404);
    expect((await call('GET', '/api/reports/GetAttendanceRates?studentId=99999999')).status).toBe(404);
    const neither = await call<{ message: string }>('GET', '/api/reports/GetAttendanceRates');
    expect(neither.status).toBe(400);
    expect(neither.body.message).toContain('Please give either courseId or studentId');
    expect((await call('GET', `/api/reports/GetAttendanceRates?courseId=${courseId}&studentId=${ana}`)).status).toBe(400);
    expect((await call('GET', '/api/reports/GetAttendanceRates?courseId=abc')).status).toBe(400);
  });
});

describe('attendance warnings', () => {
  let courseId: number;
  const students: Record<string, number> = {};

  /** Marks `attended` of `held` past classes Attended and the rest Absent. */
  async function studentAt(name: string, course: { courseId: number; classIds: number[] }, attended: number, held: number, enrolment = 1) {
    const { studentId } = await createStudent(ctx.db, { firstName: name, lastName: 'Warn' });
    await enrol(ctx.db, course.courseId, studentId, { classIds: course.classIds, statusId: enrolment });
    const lines = course.classIds.slice(0, held).map((classId, i) => ({ classId, studentId, statusId: i < attended ? AttendanceStatus.Attended : AttendanceStatus.Absent }));
    if (lines.length > 0) await mark(lines);
    students[name] = studentId;
    return studentId;
  }
  const list = (query = '') => get<AttendanceWarningList>(`/api/reports/GetAttendanceWarnings?courseId=${courseId}${query}`);
  const names = (l: AttendanceWarningList) => l.warnings.map((w) => w.firstName);

  beforeAll(async () => {
    await setThreshold(80);
    const course = await courseWithPastClasses(10, { title: 'Warnings English' });
    courseId = course.courseId;
    await studentAt('Erin', course, 5, 10); // 50%
    await studentAt('Finn', course, 7, 10); // 70%
    await studentAt('Gus', course, 3, 4); // 75%
    await studentAt('Hana', course, 8, 10); // 80%: not below
    await studentAt('Ivo', course, 1, 2); // 50%
    await studentAt('Jude', course, 0, 0); // nothing marked
    await studentAt('Kai', course, 0, 3, 2); // 0%, but only enquired
    const completed = await courseWithPastClasses(2, { statusId: 3 });
    await studentAt('Lena', completed, 0, 2); // 0% on a Completed course
  });

  it('lists enrolled students of Active courses below the threshold, lowest rate first, with attended and held', async () => {
    const l = await list();
    expect(l.threshold).toBe(80);
    expect(l.warnings.map((w) => [w.firstName, w.rate, w.attended, w.held])).toEqual([
      ['Erin', 50, 5, 10], ['Ivo', 50, 1, 2], ['Finn', 70, 7, 10], ['Gus', 75, 3, 4],
    ]);
    expect(l.warnings[0]).toMatchObject({ studentId: students.Erin, courseId, courseTitle: 'Warnings English', lastName: 'Warn' });
    expect(l).toMatchObject({ total: 4, page: 1, pageSize: 50, sort: 'rate', dir: 'asc' });
  });

  it('follows the threshold: the tile and the list both move when an admin changes it', async () => {
    const before = await get<AttendanceWarningCount>('/api/reports/GetAttendanceWarningCount');
    await setThreshold(60);
    expect(names(await list())).toEqual(['Erin', 'Ivo']);
    const after = await get<AttendanceWarningCount>('/api/reports/GetAttendanceWarningCount');
    expect(after.threshold).toBe(60);
    expect(after.total).toBeLessThan(before.total);
    await setThreshold(81);
    expect(names(await list())).toContain('Hana');
    expect((await get<{ threshold: number }>('/api/settings/GetAttendanceThreshold')).threshold).toBe(81);
    await setThreshold(80);
  });

  // The threshold is read by the statement that lists (warning-page.repository.ts): one statement
  // a page and a tile, and the threshold answered is the one the rows were counted at.
  it('reads the threshold in the statement that lists: one statement a page and a tile, past the end too', async () => {
    let statements = 0;
    // transformResult runs once per statement executed (transformQuery also sees subqueries).
    const counted = ctx.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => { statements += 1; return args.result; },
    });
    const sent = async <T>(fn: () => Promise<T>): Promise<{ answer: T; statements: number }> => {
      statements = 0;
      const answer = await fn();
      return { answer, statements };
    };
    await setThreshold(60);
    try {
      const page = await sent(() => attendanceWarnings(counted, AttendanceWarningListQuerySchema.parse({ page: '1', pageSize: '50' })));
      expect(page).toMatchObject({ statements: 1, answer: { threshold: 60 } });
      expect(page.answer.warnings.map((w) => w.firstName)).toEqual(expect.arrayContaining(['Erin', 'Ivo']));
      expect(page.answer.warnings.every((w) => isBelowThreshold(w.attended, w.held, 60))).toBe(true);
      const tile = await sent(() => attendanceWarningCount(counted));
      expect(tile).toEqual({ statements: 1, answer: { threshold: 60, total: page.answer.total } });
      // A page past the end has no row to carry them: the total and threshold are asked for once more.
      const past = await sent(() => attendanceWarnings(counted, AttendanceWarningListQuerySchema.parse({ page: '99', pageSize: '50' })));
      expect(past).toMatchObject({ statements: 2, answer: { threshold: 60, total: page.answer.total, warnings: [] } });
    } finally {
      await setThreshold(80);
    }
  });

  it('sorts on the server by any column, both ways, and pages', async () => {
    expect(names(await list('&sort=rate&dir=desc'))).toEqual(['Gus', 'Finn', 'Ivo', 'Erin']);
    expect(names(await list('&sort=held&dir=asc'))).toEqual(['Ivo', 'Gus', 'Erin', 'Finn']);
    expect(names(await list('&sort=attended&dir=desc'))).toEqual(['Finn', 'Erin', 'Gus', 'Ivo']);
    const byStudent = await list('&sort=student&pageSize=3');
    expect(names(byStudent)).toEqual(['Erin', 'Finn', 'Gus']);
    expect(byStudent.total).toBe(4);
    const page2 = await list('&sort=student&pageSize=3&page=2');
    expect(names(page2)).toEqual(['Ivo']);
    const pastTheEnd = await list('&sort=student&pageSize=3&page=9');
    expect(pastTheEnd).toMatchObject({ warnings: [], total: 4, page: 9 });
  });

  // The unfiltered pages (the tile's link) run statements compiled once per page shape
  // (warning-page.repository.ts); a search or a course filter builds its statement each time.
  it('pages the whole list in every sort and direction as the filtered list does, and follows changes at once', async () => {
    const whole = (query: string) => get<AttendanceWarningList>(`/api/reports/GetAttendanceWarnings?pageSize=100${query}`);
    for (const sort of ['rate', 'student', 'course', 'attended', 'held']) {
      for (const dir of ['asc', 'desc']) {
        const order = `&sort=${sort}&dir=${dir}`;
        const all = await whole(order);
        expect(all.total).toBeLessThanOrEqual(100);
        expect(all.warnings).toHaveLength(all.total);
        const paged: AttendanceWarningList['warnings'] = [];
        for (let page = 1; page <= Math.ceil(all.total / 3) + 1; page++) {
          const l = await get<AttendanceWarningList>(`/api/reports/GetAttendanceWarnings?pageSize=3&page=${page}${order}`);
          expect(l).toMatchObject({ total: all.total, threshold: 80, page });
          paged.push(...l.warnings);
        }
        expect(paged, order).toEqual(all.warnings);
        // This course's rows, in the same order, as its own (filtered, built) list gives them.
        expect(all.warnings.filter((w) => w.courseId === courseId), order).toEqual((await list(`${order}&pageSize=100`)).warnings);
        // Asked again (the kept statement): the same answer.
        expect(await whole(order)).toEqual(all);
      }
    }
    // Statements are kept, not answers: a new threshold shows on the next call.
    const before = await whole('');
    await setThreshold(60);
    try {
      const after = await whole('');
      expect(after.threshold).toBe(60);
      expect(after.total).toBeLessThan(before.total);
      expect(after.warnings.every((w) => isBelowThreshold(w.attended, w.held, 60))).toBe(true);
    } finally {
      await setThreshold(80);
    }
  });

  it('filters on the server by student name, by course title and by course', async () => {
    const found = await list('&q=fin');
    expect(names(found)).toEqual(['Finn']);
    expect(found.total).toBe(1);
    const byTitle = await get<AttendanceWarningList>('/api/reports/GetAttendanceWarnings?q=warnings%20ENGL&pageSize=100');
    expect(byTitle.warnings.every((w) => w.courseTitle === 'Warnings English')).toBe(true);
    expect(names(byTitle)).toEqual(['Erin', 'Ivo', 'Finn', 'Gus']);
    expect((await list('&q=100%25')).total).toBe(0);
    const all = await get<AttendanceWarningList>('/api/reports/GetAttendanceWarnings?q=Warn&pageSize=100');
    expect(names(all)).toEqual(expect.arrayContaining(['Erin', 'Finn', 'Gus', 'Ivo']));
    expect(names(all)).not.toContain('Kai');
    expect(names(all)).not.toContain('Lena');
  });

  it("counts on the dashboard tile exactly the list's rows, each below the threshold by the shared rule", async () => {
    const tile = await get<AttendanceWarningCount>('/api/reports/GetAttendanceWarningCount');
    const all = await get<AttendanceWarningList>('/api/reports/GetAttendanceWarnings?pageSize=100');
    expect(tile.total).toBe(all.total);
    expect(tile.total).toBe(all.warnings.length);
    expect(all.warnings.every((w) => isBelowThreshold(w.attended, w.held, all.threshold) && w.rate === attendancePercent(w.attended, w.held))).toBe(true);
  });

  it('refuses bad paging, sorting, filters and thresholds with 400 and a clear message', async () => {
    for (const query of ['sort=bogus', 'dir=up', 'pageSize=0', 'pageSize=101', 'page=0', 'courseId=1.5', `q=${'x'.repeat(201)}`]) {
      expect((await call('GET', `/api/reports/GetAttendanceWarnings?${query}`)).status, query).toBe(400);
    }
    for (const threshold of [0, 101, 80.5, '80', null]) {
      const res = await call<{ message: string; fieldErrors: Record<string, string[]> }>('POST', '/api/settings/UpdateAttendanceThreshold', { threshold });
      expect(res.status, String(threshold)).toBe(400);
      expect(res.body.fieldErrors.threshold?.[0]).toContain('Please give the threshold as a whole percent from 1 to 100');
    }
    expect((await call('POST', '/api/settings/UpdateAttendanceThreshold', {})).status).toBe(400);
    expect((await get<{ threshold: number }>('/api/settings/GetAttendanceThreshold')).threshold).toBe(80);
  });

  it('is for admins only: teachers and students are refused, and cannot change the threshold', async () => {
    for (const who of ['teacher', 'student'] as const) {
      for (const url of ['/api/reports/GetAttendanceWarnings', '/api/reports/GetAttendanceWarningCount', `/api/reports/GetAttendanceRates?courseId=${courseId}`,
        '/api/settings/GetAttendanceThreshold']) {
        expect((await call('GET', url, undefined, who)).status, `${who} ${url}`).toBe(403);
      }
      expect((await call('POST', '/api/settings/UpdateAttendanceThreshold', { threshold: 10 }, who)).status).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reports/GetAttendanceWarnings' })).statusCode).toBe(401);
    expect((await get<{ threshold: number }>('/api/settings/GetAttendanceThreshold')).threshold).toBe(80);
  });
});
