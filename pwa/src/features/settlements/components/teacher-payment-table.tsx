import { formatPounds } from '@rollbook/shared-types/money';
import type { TeacherPayment } from '@rollbook/shared-types/reports';
import { Fragment } from 'react';

/** One teacher's classes to process, grouped by course with each course's total, then the teacher's total and hours. */
export function TeacherPaymentTable({ payment }: { payment: TeacherPayment }) {
  const name = `${payment.teacher.firstName} ${payment.teacher.lastName}`;
  const items = payment.paymentItems;
  return (
    <table className="settlements-table" data-teacher-id={payment.teacher.teacherId}>
      <caption>
        <h3>{name}</h3>
      </caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Time</th>
          <th scope="col">Subject</th>
          <th scope="col" className="settlements__number">Duration (mins)</th>
          <th scope="col" className="settlements__number">Hourly rate</th>
          <th scope="col" className="settlements__number">Class total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => {
          const next = items[index + 1];
          return (
            <Fragment key={item.classId}>
              {item.newRecord && (
                <tr className="settlements-table__group">
                  <th scope="colgroup" colSpan={6}>
                    {item.title}
                  </th>
                </tr>
              )}
              <tr>
                <td>{item.classSeperateDateString}</td>
                <td>{item.classSeperateTimeString}</td>
                <td>{item.subject}</td>
                <td className="settlements__number">{item.classLength}</td>
                <td className="settlements__number">{formatPounds(item.ratePerHourPence)}</td>
                <td className="settlements__number">{formatPounds(item.classPaymentPence)}</td>
              </tr>
              {(!next || next.newRecord) && (
                <tr className="settlements-table__total">
                  <td colSpan={5}>Course total</td>
                  <td className="settlements__number">{formatPounds(item.coursePaymentPence)}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="settlements-table__total" data-testid="teacher-total">
          <td colSpan={5}>
            Total for {name}: {payment.paymentItems.length} classes, {payment.totalTimeHours.toFixed(2)} hours
          </td>
          <td className="settlements__number">{formatPounds(payment.paymentTotalPence)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
