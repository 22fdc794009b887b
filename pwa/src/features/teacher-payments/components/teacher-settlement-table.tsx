import { IonAlert, IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import { DELETE_PAYMENT_CONFIRMATION, EMPTY_TEXTS, type PaymentHeader } from '@rollbook/shared-types/reports';
import { documentTextOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useDeleteTeacherPayment } from '../api/delete-teacher-payment';
import { useTeacherSettlementReports } from '../api/get-teacher-settlement-reports';
import { teacherReportPrintUrl } from '../print-link';

/** The teacher's settlement reports (their part of each): PDF in a new window, and removal after confirmation. */
export function TeacherSettlementTable({ teacherId }: { teacherId: number }) {
  const reports = useTeacherSettlementReports(teacherId);
  const remove = useDeleteTeacherPayment();
  const notify = useNotify();
  const [deleting, setDeleting] = useState<PaymentHeader | null>(null);

  if (reports.isPending) return <IonSpinner aria-label="Loading" />;
  if (reports.isError) return <p role="alert">{reports.error.message}</p>;
  if (reports.data.length === 0) return <p className="teacher-payments__empty">{EMPTY_TEXTS.teacherSettlementReports}</p>;

  const confirmDelete = (header: PaymentHeader) =>
    remove.mutate(
      { paymentHeaderId: header.paymentHeaderId, teacherId },
      { onSuccess: () => notify.success('Payment successfully removed'), onError: (error) => notify.error(error.message) },
    );

  return (
    <>
      <table className="teacher-payments-table">
        <caption>Settlement reports</caption>
        <thead>
          <tr>
            <th scope="col">Report</th>
            <th scope="col">Period end date</th>
            <th scope="col">Raised</th>
            <th scope="col" className="teacher-payments__number">Amount</th>
            <th scope="col">
              <span className="teacher-payments__sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {reports.data.map((header) => (
            <tr key={header.paymentHeaderId} data-payment-header-id={header.paymentHeaderId}>
              <th scope="row">{header.title}</th>
              <td>{header.periodEndDateString}</td>
              <td>{header.dateCreatedString}</td>
              <td className="teacher-payments__number">{formatPounds(header.amountTotalPence)}</td>
              <td>
                <a
                  className="teacher-payments__icon-link"
                  href={teacherReportPrintUrl(header, teacherId)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`PDF of ${header.title}`}
                  title="PDF"
                >
                  <IonIcon icon={documentTextOutline} aria-hidden="true" />
                </a>
                <IonButton fill="clear" color="danger" aria-label={`Delete ${header.title}`} title="Delete" onClick={() => setDeleting(header)}>
                  <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                </IonButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <IonAlert
        isOpen={deleting !== null}
        header="Delete confirmation"
        message={DELETE_PAYMENT_CONFIRMATION}
        buttons={[
          { text: 'CANCEL', role: 'cancel' },
          { text: 'DELETE', role: 'destructive', handler: () => (deleting ? confirmDelete(deleting) : undefined) },
        ]}
        onDidDismiss={() => setDeleting(null)}
      />
    </>
  );
}
