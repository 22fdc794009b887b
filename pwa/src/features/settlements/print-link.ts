import type { PaymentHeader } from '@rollbook/shared-types/reports';

/**
 * The print page of a raised report (spec §2.10: isTeacher, id, teacherId, grandTotal,
 * periodEndDate). The page prints the stored figures; grandTotal and periodEndDate are sent as the
 * spec's link carries them.
 */
export function paymentReportPrintUrl(header: PaymentHeader, teacherId: number | null = null): string {
  const params = new URLSearchParams({
    isTeacher: String(teacherId !== null),
    id: String(header.paymentHeaderId),
    teacherId: teacherId === null ? '' : String(teacherId),
    grandTotal: header.amountTotal.toFixed(2),
    periodEndDate: header.periodEndDateString,
  });
  return `/reports/printpaymentreport?${params.toString()}`;
}
