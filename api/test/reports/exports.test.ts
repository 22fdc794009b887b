import type { StudentCourseAttendance } from '@rollbook/shared-types/reports';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/modules/reports/csv.js';
import { createStudent, createTeacher } from '../helpers/factories.js';
import { createClass, createCourseFixture } from '../helpers/payment-factories.js';
import { loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).token;
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** A minimal RFC 4180 reader, to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += ch;
  }
  return rows;
}

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    [' padded ', '" padded "'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("http://x","click")', '"\'=HYPERLINK(""http://x"",""click"")"'],
    ['Zoë Ó Briain', 'Zoë Ó Briain'],
    ['', ''],
  ])('%j becomes %s', (value, cell) => expect(csvCell(value)).toBe(cell));

  it('writes numbers as they are, and nothing for null', () => {
    expect([csvCell(14.46), csvCell(0), csvCell(null), csvCell(undefined)]).toEqual(['14.46', '0', '', '']);
  });

  it('ends lines with CRLF after a byte-order mark', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
});

describe('CSV exports', () => {
  it('exports classes to process and a raised report, one row per class, amounts as plain decimals, formulas defused', async () => {
    const teacher = await createTeacher(ctx.db, { firstName: 'Siobhán', lastName: 'O"Neill, Jr' });
    const f = await createCourseFixture(ctx.db, { teacherId: teacher.teacherId, ratePence: 123456, title: '=HYPERLINK("http://x","click")', description: '+line, two' });
    await createClass(ctx.db, f, { startsAt: '2026-05-04T08:00:00Z', classLength: 50 }); // 102880p
    await createClass(ctx.db, f, { startsAt: '2026-05-05T08:00:00Z', classLength: 1 }); // 2057.6 → 2058p

    const pending = await get(`/api/reports/ClassesToProcessCsv?teacherIds=${teacher.teacherId}&periodEndDate=31/5/2026`);
    expect(pending.statusCode).toBe(200);
    expect(pending.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(pending.headers['content-disposition']).toBe('attachment; filename="classes-to-process-2026-05-31.csv"');
    expect(pending.body.startsWith('\uFEFFReport,Period end,')).toBe(true);

    const raise = await get(`/api/reports/RaisePaymentReport?teacherIds=${teacher.teacherId}&periodEndDate=31/5/2026`);
    const id = raise.json().paymentHeader.paymentHeaderId as number;
    const raised = await get(`/api/reports/PaymentReportCsv?paymentHeaderId=${id}`);
    expect(raised.statusCode).toBe(200);
    expect(raised.headers['content-disposition']).toBe(`attachment; filename="settlement-report-${id}-2026-05-31.csv"`);

    const rows = parseCsv(raised.body.slice(1));
    expect(rows[0]).toEqual(['Report', 'Period end', 'Teacher id', 'Teacher', 'Course id', 'Course', 'Description', 'Subject', 'Class id', 'Date', 'Time',
      'Duration (mins)', 'Hourly rate', 'Class total', 'Course total', 'Teacher total']);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[5], r[6], r[9], r[10], r[11], r[12], r[13], r[14], r[15]])).toEqual([
      ['31/05/2026', 'Siobhán O"Neill, Jr', '\'=HYPERLINK("http://x","click")', "'+line, two", '04/05/2026', '09:00', '50', '1234.56', '1028.80', '1049.38', '1049.38'],
      ['31/05/2026', 'Siobhán O"Neill, Jr', '\'=HYPERLINK("http://x","click")', "'+line, two", '05/05/2026', '09:00', '1', '1234.56', '20.58', '1049.38', '1049.38'],
    ]);
    expect(rows.slice(1).every((r) => r[0] === 'Settlement report May 2026')).toBe(true);
    // Before and after raising, the same classes at the same prices.
    expect(parseCsv(pending.body.slice(1)).slice(1).map((r) => r.slice(1))).toEqual(rows.slice(1).map((r) => r.slice(1)));
  });

  it('answers 404 for a report that does not exist', async () => {
    expect((await get('/api/reports/PaymentReportCsv?paymentHeaderId=999999')).statusCode).toBe(404);
  });
});

describe('student attendance report', () => {
  it('shows the course, its classes and each student’s statuses with Attended/Absent/Pending/Not enrolled totals', async () => {
    const f = await createCourseFixture(ctx.db, { title: 'Business English' });
    const classIds = [
      await createClass(ctx.db, f, { startsAt: '2026-03-02T10:00:00Z', classLength: 90 }),
      await createClass(ctx.db, f, { startsAt: '2026-03-09T10:00:00Z', classLength: 90 }),
      await createClass(ctx.db, f, { startsAt: '2026-03-16T10:00:00Z', classLength: 5, statusId: 1 }),
    ];
    const [ann, bob, cat] = [
      await createStudent(ctx.db, { firstName: 'Ann', lastName: 'Able' }),
      await createStudent(ctx.db, { firstName: 'Bob', lastName: 'Baker' }),
      await createStudent(ctx.db, { firstName: 'Cat', lastName: 'Cole' }),
    ];
    const register = (classId: number, studentId: number, statusId: number) => ({ classId, studentId, statusId });
    await ctx.db.insertInto('classAttendance').values([
      register(classIds[0] as number, ann.studentId, 2), register(classIds[1] as number, ann.studentId, 5), register(classIds[2] as number, ann.studentId, 1),
      register(classIds[0] as number, bob.studentId, 3), register(classIds[1] as number, bob.studentId, 2),
    ]).execute();
    await ctx.db.insertInto('enrolments').values({ courseId: f.courseId, studentId: cat.studentId, statusId: 1 }).execute();

    const res = await get(`/api/reports/GetStudentCourseAttendence?courseId=${f.courseId}`);
    expect(res.statusCode).toBe(200);
    const report = res.json() as StudentCourseAttendance;
    expect(report).toMatchObject({ title: 'Business English', company: null, startDate: '2026-01-05', startDateString: '05/01/2026', totalMinutes: 185, truncated: false });
    expect(report.classes.map((c) => [c.classDateString, c.time, c.statusId])).toEqual([['02/03/2026', '10:00', 3], ['09/03/2026', '10:00', 3], ['16/03/2026', '10:00', 2]]);
    expect(report.students.map((s) => [s.firstName, s.statuses, s.attended, s.absent, s.pending, s.notEnrolled])).toEqual([
      ['Ann', [2, 5, 1], 1, 1, 1, 0],
      ['Bob', [3, 2, 0], 1, 1, 0, 1],
      ['Cat', [0, 0, 0], 0, 0, 0, 3],
    ]);
  });

  it('stops at 3000 register lines, before the first class that did not fit whole', async () => {
    const f = await createCourseFixture(ctx.db);
    const first = await createClass(ctx.db, f, { startsAt: '2026-04-06T10:00:00Z' });
    const second = await createClass(ctx.db, f, { startsAt: '2026-04-13T10:00:00Z' });
    const students = await ctx.db.insertInto('students')
      .values(Array.from({ length: 1600 }, (_, i) => ({ firstName: 'Many', lastName: `Student ${String(i).padStart(4, '0')}` })))
      .returning('studentId').execute();
    for (const classId of [first, second]) {
      await ctx.db.insertInto('classAttendance').values(students.map((s) => ({ classId, studentId: s.studentId, statusId: 2 }))).execute();
    }
    const report = (await get(`/api/reports/GetStudentCourseAttendence?courseId=${f.courseId}`)).json() as StudentCourseAttendance;
    expect(report.truncated).toBe(true);
    expect(report.classes.map((c) => c.classId)).toEqual([first]);
    expect(report.students).toHaveLength(1600);
    expect(report.students.every((s) => s.statuses.length === 1 && s.attended === 1)).toBe(true);
  });

  it('answers 404 for a course that does not exist', async () => {
    expect((await get('/api/reports/GetStudentCourseAttendence?courseId=999999')).statusCode).toBe(404);
  });
});
