import { formatPounds } from '@rollbook/shared-types/money';
import type { TeacherPayment } from '@rollbook/shared-types/reports';
import { Fragment, type ReactNode } from 'react';
import './payment-items-table.css';

interface PaymentItemsTableProps {
  payment: TeacherPayment;
  caption: ReactNode;
  /** The footer's words before the counts: 'Total for Hannah Wright', or 'Total' where the teacher is known. */
  totalLabel: string;
  /** The screen's own table look (borders, padding, caption). */
  className: string;
}

/** One teacher's classes to process, grouped by course with each course's total, then the teacher's total and hours. */
export function PaymentItemsTable({ payment, caption, totalLabel, className }: PaymentItemsTableProps) {
  const items = payment.paymentItems;
  return (
    <table className={`payment-items-table ${className}`} data-teacher-id={payment.teacher.teacherId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Time</th>
          <th scope="col">Subject</th>
          <th scope="col" className="payment-items-table__number">Duration (mins)</th>
          <th scope="col" className="payment-items-table__number">Hourly rate</th>
          <th scope="col" className="payment-items-table__number">Class total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => {
          const next = items[index + 1];
          return (
            <Fragment key={item.classId}>
              {item.newRecord && (
                <tr className="payment-items-table__group">
                  <th scope="colgroup" colSpan={6}>
                    {item.title}
                  </th>
                </tr>
              )}
              <tr>
                <td>{item.classSeperateDateString}</td>
                <td>{item.classSeperateTimeString}</td>
                <td>{item.subject}</td>
                <td className="payment-items-table__number">{item.classLength}</td>
                <td className="payment-items-table__number">{formatPounds(item.ratePerHourPence)}</td>
                <td className="payment-items-table__number">{formatPounds(item.classPaymentPence)}</td>
              </tr>
              {(!next || next.newRecord) && (
                <tr className="payment-items-table__total">
                  <td colSpan={5}>Course total</td>
                  <td className="payment-items-table__number">{formatPounds(item.coursePaymentPence)}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="payment-items-table__total" data-testid="teacher-total">
          <td colSpan={5}>
            {totalLabel}: {items.length} classes, {payment.totalTimeHours.toFixed(2)} hours
          </td>
          <td className="payment-items-table__number">{formatPounds(payment.paymentTotalPence)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
