import { IonSpinner } from '@ionic/react';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { PaymentItemsTable } from '../../../components/payments/payment-items-table';
import { useTeacherClassesToProcess } from '../api/get-teacher-classes-to-process';

/** The teacher's classes awaiting a settlement report, by course, with course totals, total and hours. */
export function TeacherClassesTable({ teacherId }: { teacherId: number }) {
  const report = useTeacherClassesToProcess(teacherId);
  if (report.isPending) return <IonSpinner aria-label="Loading" />;
  if (report.isError) return <p role="alert">{report.error.message}</p>;
  const payment = report.data.teachers[0];
  if (!payment) return <p className="teacher-payments__empty">{EMPTY_TEXTS.teacherClassesToProcess}</p>;
  return (
    <PaymentItemsTable
      payment={payment}
      caption={`Classes to process up to ${report.data.periodEndDateString}`}
      totalLabel="Total"
      className="teacher-payments-table"
    />
  );
}
