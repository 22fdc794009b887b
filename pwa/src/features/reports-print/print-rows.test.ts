import type { PaymentItem, PaymentReport, TeacherPayment } from '@rollbook/shared-types/reports';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_ROWS, LATER_PAGE_ROWS, paginateRows, paymentPrintRows, type PrintRow } from './print-rows';

function item(classId: number, courseId: number, newRecord: boolean, pence = 1446): PaymentItem {
  return {
    classId, courseId, title: `Course ${courseId}`, description: '', subject: 'English', classDate: '2026-11-02',
    classSeperateDateString: '02/11/2026', classSeperateTimeString: '10:00', classLength: 50, ratePerHour: 17.35, ratePerHourPence: 1735,
    classPaymentTotal: pence / 100, classPaymentPence: pence, coursePaymentTotal: 0, coursePaymentPence: 0, newRecord,
  };
}

/** A teacher with `perCourse` classes in each course, course totals filled in. */
function teacher(teacherId: number, perCourse: number[]): TeacherPayment {
  let classId = teacherId * 1000;
  const paymentItems = perCourse.flatMap((count, course) => {
    const items = Array.from({ length: count }, (_, i) => item(classId++, teacherId * 100 + course, i === 0));
    const total = items.reduce((sum, it) => sum + it.classPaymentPence, 0);
    return items.map((it) => ({ ...it, coursePaymentPence: total }));
  });
  const pence = paymentItems.reduce((sum, it) => sum + it.classPaymentPence, 0);
  return {
    teacher: { teacherId, firstName: 'Hannah', lastName: `Wright${teacherId}`, avatar: null }, paymentItems, courses: [],
    paymentTotal: pence / 100, paymentTotalPence: pence, totalMinutes: paymentItems.length * 50, totalTimeHours: 0,
  };
}

function report(teachers: TeacherPayment[]): PaymentReport {
  return { paymentHeader: null, periodEndDate: '2026-11-30', periodEndDateString: '30/11/2026', teachers, classCount: 0, grandTotal: 0, grandTotalPence: 0 };
}

const classRows = (n: number): PrintRow[] => Array.from({ length: n }, (_, i) => ({ kind: 'class', key: `k${i}`, item: item(i, 1, false) }));

describe('paymentPrintRows', () => {
  it('prints each course title, its classes and its total, then the teacher total', () => {
    const rows = paymentPrintRows(report([teacher(1, [2, 1])]), { teacherHeadings: false });
    expect(rows.map((r) => r.kind)).toEqual(['course', 'class', 'class', 'course-total', 'course', 'class', 'course-total', 'teacher-total']);
    expect(rows[3]).toMatchObject({ kind: 'course-total', title: 'Course 100', pence: 2892 });
    expect(rows[7]).toMatchObject({ kind: 'teacher-total', pence: 3 * 1446, minutes: 150 });
  });

  it('adds a heading per teacher when the report is for several teachers', () => {
    const rows = paymentPrintRows(report([teacher(1, [1]), teacher(2, [1])]), { teacherHeadings: true });
    expect(rows.filter((r) => r.kind === 'teacher').map((r) => (r.kind === 'teacher' ? r.teacherName : ''))).toEqual(['Hannah Wright1', 'Hannah Wright2']);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

describe('paginateRows', () => {
  it('puts 30 rows on the first printed page and 38 on each page after', () => {
    const pages = paginateRows(classRows(30 + 38 + 38 + 5));
    expect(pages.map((p) => p.length)).toEqual([FIRST_PAGE_ROWS, LATER_PAGE_ROWS, LATER_PAGE_ROWS, 5]);
    expect([FIRST_PAGE_ROWS, LATER_PAGE_ROWS]).toEqual([30, 38]);
  });

  it('keeps a short report on one page and an empty one on none', () => {
    expect(paginateRows(classRows(30)).map((p) => p.length)).toEqual([30]);
    expect(paginateRows(classRows(31)).map((p) => p.length)).toEqual([30, 1]);
    expect(paginateRows([])).toEqual([]);
  });

  it('prints every row once, in order, across the pages', () => {
    const rows = paymentPrintRows(report([teacher(1, [12, 20, 9]), teacher(2, [40, 3])]), { teacherHeadings: true });
    expect(paginateRows(rows).flat()).toEqual(rows);
  });

  it('never ends a page with a course or teacher heading', () => {
    // A course of 27 classes fills rows 1–29; the next course's heading, row 30, moves to page two.
    const rows = paymentPrintRows(report([teacher(1, [27, 5])]), { teacherHeadings: false });
    expect(rows[29]?.kind).toBe('course');
    const pages = paginateRows(rows);
    expect(pages[0]).toHaveLength(29);
    expect(pages[1]?.[0]?.kind).toBe('course');
    for (const page of pages.slice(0, -1)) expect(['course', 'teacher']).not.toContain(page.at(-1)?.kind);
  });

  it('refuses pages that hold no rows', () => {
    expect(() => paginateRows(classRows(3), 0, 38)).toThrow(RangeError);
  });
});
