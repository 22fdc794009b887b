import type { PaymentHeader } from '@rollbook/shared-types/reports';

/** The print page of the teacher's part of a raised report (spec §2.10 query). */
export function teacherReportPrintUrl(header: PaymentHeader, teacherId: number): string {
  const params = new URLSearchParams({
    isTeacher: 'true',
    id: String(header.paymentHeaderId),
    teacherId: String(teacherId),
    grandTotal: header.amountTotal.toFixed(2),
    periodEndDate: header.periodEndDateString,
  });
  return `/reports/printpaymentreport?${params.toString()}`;
}
