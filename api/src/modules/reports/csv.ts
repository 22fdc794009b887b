import { penceToDecimalString } from '@rollbook/shared-types/money';
import type { PaymentReport } from '@rollbook/shared-types/reports';

// CSV for the school's payroll: RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order mark so
// spreadsheet programs read names correctly, and amounts as plain decimals (no £, no separators).

/**
 * One cell. Text starting with = + - @ (or a tab or carriage return) would run as a formula in a
 * spreadsheet: it gets a leading apostrophe. Cells with a comma, quote or line break are quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export const PAYMENT_CSV_COLUMNS = [
  'Report', 'Period end', 'Teacher id', 'Teacher', 'Course id', 'Course', 'Description', 'Subject', 'Class id', 'Date', 'Time',
  'Duration (mins)', 'Hourly rate', 'Class total', 'Course total', 'Teacher total',
] as const;

/** One row per class; course and teacher totals repeat on their rows so any row can be summed or filtered. */
export function paymentReportCsv(report: PaymentReport): string {
  const reportTitle = report.paymentHeader?.title ?? 'Classes to process';
  const rows: (string | number)[][] = [[...PAYMENT_CSV_COLUMNS]];
  for (const teacher of report.teachers) {
    const name = `${teacher.teacher.firstName} ${teacher.teacher.lastName}`;
    for (const item of teacher.paymentItems) {
      rows.push([
        reportTitle, report.periodEndDateString, teacher.teacher.teacherId, name, item.courseId, item.title, item.description, item.subject,
        item.classId, item.classSeperateDateString, item.classSeperateTimeString, item.classLength,
        penceToDecimalString(item.ratePerHourPence), penceToDecimalString(item.classPaymentPence),
        penceToDecimalString(item.coursePaymentPence), penceToDecimalString(teacher.paymentTotalPence),
      ]);
    }
  }
  return toCsv(rows);
}

/** A file name without characters a browser or file system would choke on. */
export function csvFileName(base: string): string {
  return `${base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'report'}.csv`;
}
