import { showDate } from '@rollbook/shared-types/display-dates';
import { classPayPence, formatPounds, minutesToHours, penceToPounds, sumPence } from '@rollbook/shared-types/money';
import type { CoursePayment, PaymentHeader, PaymentItem, PaymentReport, TeacherPayment } from '@rollbook/shared-types/reports';
import { dmy } from './class-sql.js';
import type { HeaderRow } from './payment-headers.repository.js';
import type { PaymentRow } from './settlement.repository.js';

// Turning rows into the report the screens, print page and CSV show. Pure: no database here.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function monthName(month: number): string {
  return MONTHS[month - 1] ?? String(month);
}

/** 'Settlement report November 2026', and ' (revision 2)' on a month's later reports. */
export function reportTitle(year: number, month: number, revision: number): string {
  return `Settlement report ${monthName(month)} ${year}${revision > 1 ? ` (revision ${revision})` : ''}`;
}

/** The amount a row pays: the copy on a raised line, else its length at its current rate. */
export function rowAmountPence(row: PaymentRow): number {
  return row.amountPence ?? classPayPence(row.classLength, row.ratePence);
}

export function headerView(row: HeaderRow): PaymentHeader {
  return {
    paymentHeaderId: row.paymentHeaderId,
    title: row.title,
    month: row.month,
    year: row.year,
    monthYear: `${monthName(row.month)} ${row.year}`,
    revision: row.revision,
    dateCreated: row.createdAt.toISOString(),
    dateCreatedString: showDate(row.createdAt),
    periodEndDate: row.periodEndDate,
    periodEndDateString: dmy(row.periodEndDate),
    amountTotal: penceToPounds(row.amountTotalPence),
    amountTotalPence: row.amountTotalPence,
    payment: formatPounds(row.amountTotalPence),
    classCount: row.classCount,
    teacherCount: row.teacherCount,
    createdBy: row.createdBy,
  };
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' });

function teacherPayment(rows: PaymentRow[]): TeacherPayment {
  const [first] = rows;
  if (!first) throw new Error('a teacher payment needs at least one row');
  const sorted = [...rows].sort((a, b) =>
    byText(a.title, b.title) || a.courseId - b.courseId || a.startsAt.getTime() - b.startsAt.getTime() || a.classId - b.classId);

  const courseTotals = new Map<number, { pence: number[]; minutes: number }>();
  for (const row of sorted) {
    const course = courseTotals.get(row.courseId) ?? { pence: [], minutes: 0 };
    course.pence.push(rowAmountPence(row));
    course.minutes += row.classLength;
    courseTotals.set(row.courseId, course);
  }

  const courses: CoursePayment[] = [];
  const paymentItems: PaymentItem[] = sorted.map((row, index) => {
    const course = courseTotals.get(row.courseId) as { pence: number[]; minutes: number };
    const coursePence = sumPence(course.pence);
    const newRecord = index === 0 || sorted[index - 1]?.courseId !== row.courseId;
    if (newRecord) {
      courses.push({
        courseId: row.courseId, title: row.title, description: row.description, subject: row.subject, classCount: course.pence.length,
        totalMinutes: course.minutes, coursePaymentTotal: penceToPounds(coursePence), coursePaymentPence: coursePence,
      });
    }
    const amount = rowAmountPence(row);
    return {
      classId: row.classId,
      courseId: row.courseId,
      title: row.title,
      description: row.description,
      subject: row.subject,
      classDate: row.classDate,
      classSeperateDateString: dmy(row.classDate),
      classSeperateTimeString: row.classTime,
      classLength: row.classLength,
      ratePerHour: penceToPounds(row.ratePence),
      ratePerHourPence: row.ratePence,
      classPaymentTotal: penceToPounds(amount),
      classPaymentPence: amount,
      coursePaymentTotal: penceToPounds(coursePence),
      coursePaymentPence: coursePence,
      newRecord,
    };
  });

  const totalPence = sumPence(paymentItems.map((i) => i.classPaymentPence));
  const totalMinutes = paymentItems.reduce((sum, i) => sum + i.classLength, 0);
  return {
    teacher: { teacherId: first.teacherId, firstName: first.firstName, lastName: first.lastName, avatar: first.avatar },
    paymentItems,
    courses,
    paymentTotal: penceToPounds(totalPence),
    paymentTotalPence: totalPence,
    totalMinutes,
    totalTimeHours: minutesToHours(totalMinutes),
  };
}

/** Groups rows per teacher (by last name, first name), each priced and totalled from its rounded lines. */
export function buildPaymentReport(rows: PaymentRow[], periodEndDate: string, paymentHeader: PaymentHeader | null): PaymentReport {
  const byTeacher = new Map<number, PaymentRow[]>();
  for (const row of rows) {
    const list = byTeacher.get(row.teacherId) ?? [];
    list.push(row);
    byTeacher.set(row.teacherId, list);
  }
  const teachers = [...byTeacher.values()]
    .map(teacherPayment)
    .sort((a, b) => byText(a.teacher.lastName, b.teacher.lastName) || byText(a.teacher.firstName, b.teacher.firstName) || a.teacher.teacherId - b.teacher.teacherId);
  const grandTotalPence = sumPence(teachers.map((t) => t.paymentTotalPence));
  return {
    paymentHeader,
    periodEndDate,
    periodEndDateString: dmy(periodEndDate),
    teachers,
    classCount: rows.length,
    grandTotal: penceToPounds(grandTotalPence),
    grandTotalPence,
  };
}
