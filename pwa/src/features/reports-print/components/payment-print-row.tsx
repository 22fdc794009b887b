import { formatPounds } from '@rollbook/shared-types/money';
import type { PrintRow } from '../print-rows';

const COLUMNS = 6;

/** One printed line of the payment report. */
export function PaymentPrintRow({ row }: { row: PrintRow }) {
  switch (row.kind) {
    case 'teacher':
      return (
        <tr className="print-report__group">
          <th colSpan={COLUMNS} scope="colgroup">{row.teacherName}</th>
        </tr>
      );
    case 'course':
      return (
        <tr className="print-report__group">
          <th colSpan={COLUMNS} scope="colgroup">{row.title}</th>
        </tr>
      );
    case 'class':
      return (
        <tr>
          <td>{row.item.classSeperateDateString}</td>
          <td>{row.item.subject}</td>
          <td>{row.item.classSeperateTimeString}</td>
          <td className="print-report__number">{row.item.classLength}</td>
          <td className="print-report__number">{formatPounds(row.item.ratePerHourPence)}</td>
          <td className="print-report__number">{formatPounds(row.item.classPaymentPence)}</td>
        </tr>
      );
    case 'course-total':
      return (
        <tr className="print-report__total" data-testid="course-total">
          <td colSpan={COLUMNS - 1}>Course total: {row.title}</td>
          <td className="print-report__number">{formatPounds(row.pence)}</td>
        </tr>
      );
    case 'teacher-total':
      return (
        <tr className="print-report__total" data-testid="teacher-total">
          <td colSpan={COLUMNS - 1}>
            Total for {row.teacherName} ({row.hours.toFixed(2)} hours)
          </td>
          <td className="print-report__number">{formatPounds(row.pence)}</td>
        </tr>
      );
  }
}
