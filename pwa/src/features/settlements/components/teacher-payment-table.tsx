import type { TeacherPayment } from '@rollbook/shared-types/reports';
import { PaymentItemsTable } from '../../../components/payments/payment-items-table';

/** One teacher's classes to process, grouped by course with each course's total, then the teacher's total and hours. */
export function TeacherPaymentTable({ payment }: { payment: TeacherPayment }) {
  const name = `${payment.teacher.firstName} ${payment.teacher.lastName}`;
  return <PaymentItemsTable payment={payment} caption={<h3>{name}</h3>} totalLabel={`Total for ${name}`} className="settlements-table" />;
}
