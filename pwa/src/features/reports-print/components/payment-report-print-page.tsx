import { IonSpinner } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import { useLocation } from 'react-router-dom';
import { PrintPage } from '../../../app/layout/print-page';
import { useRaisedPaymentReport } from '../api/get-raised-payment-report';
import { useAutoPrint } from '../hooks/use-auto-print';
import { flagParam, idParam } from '../print-query';
import { paymentPrintRows } from '../print-rows';
import { PaymentPrintSheets } from './payment-print-sheets';
import '../print-report.css';

/**
 * /reports/printpaymentreport?isTeacher&id&teacherId&grandTotal&periodEndDate (spec §2.10). Every
 * figure printed comes from the stored report (GetRaisedPaymentReport), never from the link's
 * grandTotal or periodEndDate: a printout always matches what was raised and what is paid.
 */
export default function PaymentReportPrintPage() {
  const params = new URLSearchParams(useLocation().search);
  const paymentHeaderId = idParam(params, 'id');
  const isTeacher = flagParam(params, 'isTeacher');
  const teacherId = isTeacher ? idParam(params, 'teacherId') : null;
  const report = useRaisedPaymentReport(paymentHeaderId, teacherId);
  useAutoPrint(report.isSuccess);

  const teacher = isTeacher ? report.data?.teachers[0]?.teacher : undefined;
  return (
    <PrintPage title="Payment report">
      {paymentHeaderId === null && <p role="alert">This link does not name a settlement report.</p>}
      {report.isPending && paymentHeaderId !== null && <IonSpinner aria-label="Loading" />}
      {report.isError && <p role="alert">{report.error.message}</p>}
      {report.data && (
        <div className="print-report">
          <dl className="print-report__facts">
            <dt>Report</dt>
            <dd>{report.data.paymentHeader?.title}</dd>
            {teacher && (
              <>
                <dt>Teacher</dt>
                <dd>
                  {teacher.firstName} {teacher.lastName}
                </dd>
              </>
            )}
            <dt>Period end date</dt>
            <dd>{report.data.periodEndDateString}</dd>
            <dt>Date raised</dt>
            <dd>{report.data.paymentHeader?.dateCreatedString}</dd>
          </dl>
          <PaymentPrintSheets rows={paymentPrintRows(report.data, { teacherHeadings: !isTeacher })} />
          <p className="print-report__grand-total" data-testid="total-payment">
            Total payment: {formatPounds(report.data.grandTotalPence)}
          </p>
        </div>
      )}
    </PrintPage>
  );
}
