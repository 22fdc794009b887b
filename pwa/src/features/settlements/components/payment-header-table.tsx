import { IonAlert, IonButton, IonIcon } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { DELETE_PAYMENT_CONFIRMATION, type PaymentHeader, type SettlementSortKey } from '@rollbook/shared-types/reports';
import { documentTextOutline, downloadOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { SortHeader } from '../../../components/ui/sort-header';
import { useDeletePayments } from '../api/delete-payments';
import { useCsvDownload } from '../hooks/use-csv-download';
import { paymentReportPrintUrl } from '../print-link';

const COLUMNS: { label: string; sortKey: SettlementSortKey; className?: string }[] = [
  { label: 'Report', sortKey: 'title' },
  { label: 'Period end date', sortKey: 'periodEndDate' },
  { label: 'Raised', sortKey: 'dateCreated' },
  { label: 'Teachers', sortKey: 'teacherCount', className: 'settlements__number' },
  { label: 'Classes', sortKey: 'classCount', className: 'settlements__number' },
  { label: 'Amount', sortKey: 'amount', className: 'settlements__number' },
];

interface PaymentHeaderTableProps {
  headers: PaymentHeader[];
  caption: string;
  /** A list sorted by the server: the headers sort it by their column. */
  sorting?: { order: { sort: SettlementSortKey; dir: SortDirection }; onSort: (key: SettlementSortKey) => void; busy: boolean };
}

/** Raised reports: each with its PDF (print page, new window), its CSV, and delete after confirmation. */
export function PaymentHeaderTable({ headers, caption, sorting }: PaymentHeaderTableProps) {
  const notify = useNotify();
  const csv = useCsvDownload();
  const remove = useDeletePayments();
  const [deleting, setDeleting] = useState<PaymentHeader | null>(null);

  const confirmDelete = (header: PaymentHeader) =>
    remove.mutate(header.paymentHeaderId, {
      onSuccess: () => notify.success(`${header.title} successfully deleted`),
      onError: (error) => notify.error(error.message),
    });

  return (
    <>
      <table className="settlements-table" aria-busy={sorting?.busy ?? false}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) =>
              sorting ? (
                <SortHeader key={column.sortKey} label={column.label} sortKey={column.sortKey} order={sorting.order} onSort={sorting.onSort} className={column.className} />
              ) : (
                <th key={column.sortKey} scope="col" className={column.className}>{column.label}</th>
              ),
            )}
            <th scope="col">
              <span className="settlements__sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {headers.map((header) => (
            <tr key={header.paymentHeaderId} data-payment-header-id={header.paymentHeaderId}>
              <th scope="row">{header.title}</th>
              <td>{header.periodEndDateString}</td>
              <td>
                {header.dateCreatedString}
                {header.createdBy ? ` by ${header.createdBy}` : ''}
              </td>
              <td className="settlements__number">{header.teacherCount}</td>
              <td className="settlements__number">{header.classCount}</td>
              <td className="settlements__number">{formatPounds(header.amountTotalPence)}</td>
              <td className="settlements__actions">
                <a
                  className="settlements__icon-link"
                  href={paymentReportPrintUrl(header)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`PDF of ${header.title}`}
                  title="PDF"
                >
                  <IonIcon icon={documentTextOutline} aria-hidden="true" />
                </a>
                <IonButton
                  fill="clear"
                  aria-label={`CSV of ${header.title}`}
                  title="CSV"
                  disabled={csv.busy}
                  onClick={() =>
                    void csv.download('/api/reports/PaymentReportCsv', { paymentHeaderId: header.paymentHeaderId }, `settlement-report-${header.paymentHeaderId}.csv`)
                  }
                >
                  <IonIcon slot="icon-only" icon={downloadOutline} aria-hidden="true" />
                </IonButton>
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
