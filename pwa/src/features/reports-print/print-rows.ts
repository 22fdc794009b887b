import type { PaymentItem, PaymentReport } from '@rollbook/shared-types/reports';

// The payment report as printed rows, split into printed pages (spec §2.10 and §9: about 30 rows
// on the first page, which also carries the report's heading block, and 38 on each page after).

export const FIRST_PAGE_ROWS = 30;
export const LATER_PAGE_ROWS = 38;

export type PrintRow =
  | { kind: 'teacher'; key: string; teacherName: string }
  | { kind: 'course'; key: string; title: string }
  | { kind: 'class'; key: string; item: PaymentItem }
  | { kind: 'course-total'; key: string; title: string; pence: number }
  | { kind: 'teacher-total'; key: string; teacherName: string; minutes: number; hours: number; pence: number };

/**
 * Every line the report prints, in order: per teacher (with a heading when the report may hold
 * several) each course's title, its classes and its total, then the teacher's total.
 */
export function paymentPrintRows(report: PaymentReport, { teacherHeadings }: { teacherHeadings: boolean }): PrintRow[] {
  const rows: PrintRow[] = [];
  for (const teacher of report.teachers) {
    const teacherId = teacher.teacher.teacherId;
    const teacherName = `${teacher.teacher.firstName} ${teacher.teacher.lastName}`;
    if (teacherHeadings) rows.push({ kind: 'teacher', key: `t${teacherId}`, teacherName });
    teacher.paymentItems.forEach((item, index) => {
      if (item.newRecord) rows.push({ kind: 'course', key: `t${teacherId}c${item.courseId}`, title: item.title });
      rows.push({ kind: 'class', key: `t${teacherId}k${item.classId}`, item });
      const next = teacher.paymentItems[index + 1];
      if (!next || next.newRecord) {
        rows.push({ kind: 'course-total', key: `t${teacherId}c${item.courseId}total`, title: item.title, pence: item.coursePaymentPence });
      }
    });
    rows.push({
      kind: 'teacher-total', key: `t${teacherId}total`, teacherName, minutes: teacher.totalMinutes, hours: teacher.totalTimeHours,
      pence: teacher.paymentTotalPence,
    });
  }
  return rows;
}

const isHeading = (row: PrintRow | undefined) => row?.kind === 'teacher' || row?.kind === 'course';

/**
 * Splits rows into printed pages: `first` rows on page one, `later` on each page after. A heading
 * never ends a page (it moves over with the rows it introduces), so a page may hold a row or two
 * fewer; every row appears exactly once and in order.
 */
export function paginateRows<T extends PrintRow>(rows: readonly T[], first = FIRST_PAGE_ROWS, later = LATER_PAGE_ROWS): T[][] {
  if (first < 1 || later < 1) throw new RangeError('pages must hold at least one row');
  const pages: T[][] = [];
  let start = 0;
  while (start < rows.length) {
    const size = pages.length === 0 ? first : later;
    let end = Math.min(start + size, rows.length);
    // Move trailing headings to the next page, unless the page would then be only headings.
    while (end < rows.length && end - 1 > start && isHeading(rows[end - 1])) end -= 1;
    pages.push(rows.slice(start, end));
    start = end;
  }
  return pages;
}
