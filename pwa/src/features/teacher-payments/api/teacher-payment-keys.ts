// Keys under 'reports': live notices and the Payments screen's raise and delete refresh them; the
// delete mutation's ['reports', …] key lets the notices feature recognise this tab's own change.
export const teacherPaymentKeys = {
  settlementReports: (teacherId: number) => ['reports', 'teacher', teacherId, 'settlement-reports'] as const,
  classesToProcess: (teacherId: number) => ['reports', 'teacher', teacherId, 'classes-to-process'] as const,
  deletePayment: ['reports', 'delete-payments', 'teacher'] as const,
};
