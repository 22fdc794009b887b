import { IonSpinner } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { Fragment } from 'react';
import { useTeacherClassesToProcess } from '../api/get-teacher-classes-to-process';

/** The teacher's classes awaiting a settlement report, by course, with course totals, total and hours. */
export function TeacherClassesTable({ teacherId }: { teacherId: number }) {
  const report = useTeacherClassesToProcess(teacherId);
  if (report.isPending) return <IonSpinner aria-label="Loading" />;
  if (report.isError) return <p role="alert">{report.error.message}</p>;
  const payment = report.data.teachers[0];
  if (!payment) return <p className="teacher-payments__empty">{EMPTY_TEXTS.teacherClassesToProcess}</p>;
  const items = payment.paymentItems;
  return (
    <table className="teacher-payments-table">
      <caption>Classes to process up to {report.data.periodEndDateString}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Time</th>
          <th scope="col">Subject</th>
          <th scope="col" className="teacher-payments__number">Duration (mins)</th>
          <th scope="col" className="teacher-payments__number">Hourly rate</th>
          <th scope="col" className="teacher-payments__number">Class total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => {
          const next = items[index + 1];
          return (
            <Fragment key={item.classId}>
              {item.newRecord && (
                <tr className="teacher-payments__group">
                  <th scope="colgroup" colSpan={6}>
                    {item.title}
                  </th>
                </tr>
              )}
              <tr>
                <td>{item.classSeperateDateString}</td>
                <td>{item.classSeperateTimeString}</td>
                <td>{item.subject}</td>
                <td className="teacher-payments__number">{item.classLength}</td>
                <td className="teacher-payments__number">{formatPounds(item.ratePerHourPence)}</td>
                <td className="teacher-payments__number">{formatPounds(item.classPaymentPence)}</td>
              </tr>
              {(!next || next.newRecord) && (
                <tr className="teacher-payments__total">
                  <td colSpan={5}>Course total</td>
                  <td className="teacher-payments__number">{formatPounds(item.coursePaymentPence)}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
      <tfoot>
        <tr className="teacher-payments__total">
          <td colSpan={5}>
            Total: {items.length} classes, {payment.totalTimeHours.toFixed(2)} hours
          </td>
          <td className="teacher-payments__number">{formatPounds(payment.paymentTotalPence)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
